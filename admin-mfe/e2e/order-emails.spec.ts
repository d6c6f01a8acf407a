// The emails a customer keeps, found in the stack's mail catcher (Mailpit) after the
// order is placed and paid (API, as the storefront and payment page do) and approved in the browser.
import { Messages } from '@toolshop/contracts';
import { expect, placePaidOrder, stack, test } from '@toolshop/devstack/e2e';

test('an order paid at once gets the receipt and the shipping email, linked to the order and the carrier', async ({
  page,
  signIn,
  freshUser,
  apiAs,
  mailbox,
}) => {
  test.slow();
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);

  // Paid right after it was placed: one email (the receipt), not "order received" as well.
  const receipt = await mailbox.waitForMessage(freshUser.email, { subject: /^Payment receipt: / });
  expect(receipt.subject).toContain(order.name);
  expect(receipt.text).toMatch(/Amount paid: \$[\d,]+/);
  expect(receipt.text).toMatch(/Transaction id: pi_\S+/);
  expect(receipt.text).toContain(
    `View your order: ${stack.shell}/dashboard/myOrders?order=${order.orderId}`,
  );
  expect(receipt.html).toContain('<strong>');

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
  expect(shipped.text).toContain(
    'Track your parcel with UPS: https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  const orderMails = (await mailbox.messagesTo(freshUser.email)).filter((mail) =>
    /^(Order received|Payment receipt): |has shipped$/.test(mail.subject),
  );
  expect(orderMails.map((mail) => mail.subject)).toEqual(
    expect.arrayContaining([receipt.subject, shipped.subject]),
  );
  expect(orderMails).toHaveLength(2);

  // The same emails in Mailpit's own inbox, as someone checking the mail catcher sees them.
  await page.goto(`${stack.mail}/search?q=${encodeURIComponent(`to:"${freshUser.email}"`)}`);
  for (const subject of [receipt.subject, shipped.subject])
    await expect(page.getByText(subject, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mailpit-inbox.png') });
  await page.goto(`${stack.mail}/view/${shipped.id}`);
  await expect(page.getByText(shipped.subject).first()).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('mailpit-shipped-email.png'),
    fullPage: true,
  });
});
