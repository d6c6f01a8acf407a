import { readFile } from 'node:fs/promises';
import { InvoiceMessages } from '@toolshop/contracts';
import { expect, test } from '@toolshop/devstack/e2e';
import { pdfText } from '@toolshop/devstack/e2e/pdf-text';

// The invoice PDF prints a two-line address on two lines and names in any script as themselves
// (it embeds a font that covers them; the standard PDF fonts printed "?").
test('the invoice downloaded from My Orders prints line breaks and non-Latin-1 names', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const tools =
    await customer.get<{ _id: string; name: string; available: number; minOrder: number }[]>(
      '/tools',
    );
  const tool = tools
    .filter((t) => t.minOrder > 0 && t.available >= t.minOrder)
    .sort((a, b) => b.available - a.available)[0]!;
  const { insertedId } = await customer.post<{ insertedId: string }>('/orders', {
    toolId: tool._id,
    address: 'Zoë Łukasiewicz c/o Müller GmbH\n12 Workshop Lane, Ελένη Иван Đorđe €',
    phone: '+1 555 0100',
    orderQuantity: tool.minOrder,
  });
  const { clientSecret } = await customer.post<{ clientSecret: string }>('/create-payment-intent', {
    orderId: insertedId,
  });
  const payment = await customer.post<{ id: string }>('/payments/test/confirm', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    billingDetails: { email: freshUser.email, address: { line1: '12 Workshop Lane' } },
  });
  await customer.patch(`/orders/${insertedId}`, { transactionId: payment.id });

  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  const button = page.getByRole('button', { name: `${InvoiceMessages.link} for ${tool.name}` });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const lines = pdfText(await readFile((await download.path())!)).split('\n');

  const first = lines.indexOf('Zoë Łukasiewicz c/o Müller GmbH');
  expect(first).toBeGreaterThan(-1);
  expect(lines[first + 1]).toBe('12 Workshop Lane, Ελένη Иван Đorđe €');
  expect(lines.join('\n')).not.toContain('?');
});
