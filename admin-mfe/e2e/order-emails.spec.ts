// Issue 15: the emails a customer keeps, found in the stack's mail catcher (Mailpit) after the
// order is placed and paid (API, as the storefront and payment page do) and approved in the browser.
import { Messages } from '@toolshop/contracts';
import { expect, placePaidOrder, stack, test } from '@toolshop/devstack/e2e';

test('a customer gets the order, receipt and shipping emails, with carrier and tracking number', async ({
  page,
  signIn,
  freshUser,
  apiAs,
  mailbox,
}) => {
  test.slow();
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);

  const placed = await mailbox.waitForMessage(freshUser.email, { subject: /^Order received: / });
  expect(placed.subject).toContain(order.name);
  expect(placed.text).toMatch(/reserved for you until .* UTC/);
  expect(placed.html).toContain('<strong>');
  const receipt = await mailbox.waitForMessage(freshUser.email, { subject: /^Payment receipt: / });
  expect(receipt.text).toMatch(/Amount paid: \$[\d,]+/);
  expect(receipt.text).toMatch(/Transaction id: pi_\S+/);

  await signIn('admin');
  await page.goto('/dashboard/manageOrders');
  await page.getByRole('group', { name: 'Show orders' }).getByText('Paid', { exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(freshUser.email) });
  await row.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve for shipping' });
  await dialog.getByLabel('Carrier', { exact: true }).selectOption('UPS');
  await dialog.getByLabel('Tracking number', { exact: true }).fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Approve for shipping' }).click();
  await expect(page.getByText(Messages.approvedForShipping)).toBeVisible();

  const shipped = await mailbox.waitForMessage(freshUser.email, { subject: /has shipped$/ });
  expect(shipped.text).toContain('Carrier: UPS');
  expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784');
  expect(shipped.html).toContain('<code>1Z999AA10123456784</code>');
  const orderMails = (await mailbox.messagesTo(freshUser.email)).filter((mail) =>
    /^(Order received|Payment receipt): |has shipped$/.test(mail.subject),
  );
  expect(orderMails).toHaveLength(3);

  // The same three emails in Mailpit's own inbox, as someone checking the mail catcher sees them.
  await page.goto(`${stack.mail}/search?q=${encodeURIComponent(`to:"${freshUser.email}"`)}`);
  for (const subject of [placed.subject, receipt.subject, shipped.subject])
    await expect(page.getByText(subject, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mailpit-inbox.png') });
  await page.goto(`${stack.mail}/view/${shipped.id}`);
  await expect(page.getByText(shipped.subject).first()).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('mailpit-shipped-email.png'),
    fullPage: true,
  });
});
