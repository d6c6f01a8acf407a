import type { Page } from '@playwright/test';
import { formatDollars, type Order } from '@toolshop/contracts';
import {
  expect,
  expectNoAxeViolations,
  placeOrder,
  placePaidOrder,
  test,
} from '@toolshop/devstack/e2e';

// The declared order lifecycle in Manage All Orders: each row offers what the API allows the admin
// (refund, mark delivered), and closed orders are found under their state's filter.

/** Manage All Orders under the filter named `label`: the row of the order of `email`. */
async function orderRow(page: Page, label: string, email: string) {
  if (!page.url().endsWith('/dashboard/manageOrders')) await page.goto('/dashboard/manageOrders');
  await page.getByRole('group', { name: 'Show orders' }).getByText(label, { exact: true }).click();
  return page.getByRole('row', { name: new RegExp(email) });
}

/** A paid order of the customer's of several units, with their number. */
async function paidOrderWithUnits(
  customer: Parameters<typeof placePaidOrder>[0],
  user: Parameters<typeof placePaidOrder>[1],
) {
  // Of a tool sold in several units, whatever tools other tests added.
  const order = await placePaidOrder(customer, user, { minUnits: 2 });
  const { orderQuantity } = await customer.get<Order>(`/orders/${order.orderId}`);
  return { ...order, orderQuantity };
}

/** Any button of the lifecycle's actions in a row. */
const ACTION_BUTTON = /^(Approve|Mark delivered:|Refund|Cancel) order of/;

test('an admin refunds a paid order: Refunded in both remotes, and no second refund', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);
  const amount = formatDollars(order.total);
  await signIn('admin');
  const row = await orderRow(page, 'Paid', freshUser.email);
  await expect(row).toContainText('Paid');
  await row.getByRole('button', { name: /^Refund order of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(dialog).toContainText(`${amount} goes back to the card of ${freshUser.email}`);
  await expect(dialog).toContainText('A refund cannot be undone.');
  await dialog.getByLabel('Reason (optional)').fill('Arrived damaged');
  await expectNoAxeViolations(page, 'dialog');
  await page.screenshot({ path: test.info().outputPath('refund-dialog.png') });
  await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
  await expect(page.getByText(`Refunded ${amount} to the customer's card`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: ACTION_BUTTON })).toHaveCount(0);

  // Read again from the API: under "Refunded", with the refund in its history and no action left.
  await page.reload();
  const refunded = await orderRow(page, 'Refunded', freshUser.email);
  await expect(refunded).toContainText('Refunded');
  await expect(refunded.getByRole('button', { name: ACTION_BUTTON })).toHaveCount(0);
  await expect(
    refunded.getByRole('button', { name: /^Credit note \(PDF\) of the order/ }),
  ).toBeVisible();
  await refunded.getByText('History').click();
  await expect(refunded.getByRole('listitem').last()).toContainText(
    new RegExp(`^Refunded.*by admin@toolshop\\.test.*Amount \\${amount}.*Reason: Arrived damaged$`),
  );
  await expectNoAxeViolations(page);

  // The customer's My Orders says so, with nothing to pay or cancel.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  const own = page.getByRole('row', { name: new RegExp(order.name) });
  await expect(own).toContainText('Refunded');
  await expect(own.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(own.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  // Its credit note, downloaded with the customer's token under its own number.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    own.getByRole('button', { name: `Credit note (PDF) for ${order.name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^credit-note-CN-\d{6}\.pdf$/);
});

test('an admin refunds one unit, then the rest: Refunded in part, then Refunded, a credit note each', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const placed = await paidOrderWithUnits(await apiAs(freshUser), freshUser);
  const { orderQuantity } = placed;
  const unit = formatDollars(placed.total / orderQuantity);
  await signIn('admin');
  const row = await orderRow(page, 'Paid', freshUser.email);
  await row.getByRole('button', { name: /^Refund order of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await dialog.getByLabel(`${placed.name} (${orderQuantity} ordered)`).fill('1');
  await expect(dialog).toContainText(`for 1 of the ${orderQuantity} units left`);
  await expectNoAxeViolations(page, 'dialog');
  await page.screenshot({ path: test.info().outputPath('refund-part-dialog.png') });
  await dialog.getByRole('button', { name: `Refund ${unit}` }).click();
  await expect(page.getByText(`Refunded ${unit} to the customer's card`)).toBeVisible();

  // Still paid (the rest ships), marked as refunded in part, the units in its history.
  await expect(row).toContainText('Refunded in part');
  await expect(row.getByRole('button', { name: /^Approve order of/ })).toBeVisible();
  await row.getByText('History').click();
  await expect(row.getByRole('listitem').last()).toContainText(
    new RegExp(`^Refunded in part.*Amount \\${unit}.*Units: 1 × ${placed.name}`),
  );

  await row.getByRole('button', { name: /^Refund order of/ }).click();
  const rest = formatDollars(placed.total - placed.total / orderQuantity);
  await expect(dialog).toContainText(
    `${rest} goes back to the card of ${freshUser.email} for every unit not refunded yet`,
  );
  await dialog.getByRole('button', { name: `Refund ${rest}` }).click();
  await expect(page.getByText(`Refunded ${rest} to the customer's card`)).toBeVisible();
  const refunded = await orderRow(page, 'Refunded', freshUser.email);
  await expect(refunded.getByRole('button', { name: /^Credit note CN-\d{6} \(PDF\)/ })).toHaveCount(
    2,
  );
  await expectNoAxeViolations(page);
});

test('an admin marks a shipped order delivered', async ({ page, signIn, freshUser, apiAs }) => {
  const { orderId } = await placePaidOrder(await apiAs(freshUser), freshUser);
  await (await apiAs('admin')).patch(`/adminOrders/${orderId}`, {});

  await signIn('admin');
  const row = await orderRow(page, 'Shipped', freshUser.email);
  await expect(row).toContainText('Shipped');
  // Its buttons named by their visible text too (axe: label-content-name-mismatch).
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: /^Mark delivered: order of/ }).click();
  await expect(page.getByText('Marked delivered')).toBeVisible();
  await expect(row).toContainText('Delivered');
  await expect(row.getByRole('button', { name: /^Mark delivered:/ })).toHaveCount(0);

  // Delivered: only a refund is left.
  const delivered = await orderRow(page, 'Delivered', freshUser.email);
  await expect(delivered).toContainText('Delivered');
  await expect(delivered.getByRole('button', { name: ACTION_BUTTON })).toHaveText(['Refund']);
});

test('a cancelled order leaves the open orders and is found under “Canceled”', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const order = await placeOrder(customer);
  await customer.delete(`/orders/${order.orderId}`);
  const own = await customer.get<Order[]>(`/orders?email=${encodeURIComponent(freshUser.email)}`);
  expect(own.map((o) => o._id)).not.toContain(order.orderId);

  await signIn('admin');
  const open = await orderRow(page, 'All open', freshUser.email);
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(open).toHaveCount(0);

  const row = await orderRow(page, 'Canceled', freshUser.email);
  await expect(row).toContainText(order.name);
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('button', { name: ACTION_BUTTON })).toHaveCount(0);
  await row.getByText('History').click();
  await expect(row.getByRole('listitem').last()).toContainText(/Canceled.*by the customer/);
});

test('a customer returns a delivered order; the admin approves it and receives it, which refunds it', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const order = await placePaidOrder(await apiAs(freshUser), freshUser);
  const admin = await apiAs('admin');
  await admin.patch(`/adminOrders/${order.orderId}`, {});
  await admin.post(`/adminOrders/${order.orderId}/delivery`);
  const amount = formatDollars(order.total);

  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  const own = page.getByRole('row', { name: new RegExp(order.name) });
  await expect(own).toContainText('Delivered');
  await own.getByRole('button', { name: `Return ${order.name}` }).click();
  const ask = page.getByRole('dialog', { name: 'Return this order?' });
  await ask.getByRole('button', { name: 'Request return' }).click();
  await expect(ask).toContainText('Tell us why you are returning it');
  await ask.getByLabel('Why are you returning it?').fill('Too heavy for my bench');
  await expectNoAxeViolations(page, 'dialog');
  await ask.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Return requested: we will email you')).toBeVisible();
  await expect(own).toContainText('Return requested');
  await expect(own.getByRole('button', { name: /^Return / })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn('admin');
  const requested = await orderRow(page, 'Return requested', freshUser.email);
  await expect(requested.getByRole('button', { name: /^Refuse return: order of/ })).toBeVisible();
  await requested.getByRole('button', { name: /^Approve return: order of/ }).click();
  // The row shows its new state once the API has answered (the filter of that name is always on
  // the page: waiting for the text alone let the next list be read before the approval).
  await expect(requested).toContainText('Return approved');

  const approved = await orderRow(page, 'Return approved', freshUser.email);
  await approved.getByRole('button', { name: /^Return received: order of/ }).click();
  const receive = page.getByRole('dialog', { name: 'Has the return arrived?' });
  await expect(receive).toContainText(`refunds ${amount} to the card of ${freshUser.email}`);
  await expectNoAxeViolations(page, 'dialog');
  await receive.getByRole('button', { name: `Received: refund ${amount}` }).click();
  await expect(page.getByText(`Return received: refunded ${amount}`)).toBeVisible();

  const refunded = await orderRow(page, 'Refunded', freshUser.email);
  await expect(refunded).toContainText('Refunded');
  await refunded.getByText('History').click();
  await expect(refunded.getByRole('listitem')).toHaveText([
    /^Placed/,
    /^Paid/,
    /^Shipped/,
    /^Delivered/,
    /^Return requested.*Too heavy for my bench/,
    /^Return approved/,
    /^Return received/,
    /^Refunded/,
  ]);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('row', { name: new RegExp(order.name) })).toContainText('Refunded');
});

test('a customer returns one unit of a delivered order; receiving it refunds that unit only', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const order = await paidOrderWithUnits(await apiAs(freshUser), freshUser);
  const { orderQuantity } = order;
  const admin = await apiAs('admin');
  await admin.patch(`/adminOrders/${order.orderId}`, {});
  await admin.post(`/adminOrders/${order.orderId}/delivery`);
  const unit = formatDollars(order.total / orderQuantity);

  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  const own = page.getByRole('row', { name: new RegExp(order.name) });
  await own.getByRole('button', { name: `Return ${order.name}` }).click();
  const ask = page.getByRole('dialog', { name: 'Return this order?' });
  await ask.getByLabel(`${order.name} (${orderQuantity} ordered)`).fill('1');
  await ask.getByLabel('Why are you returning it?').fill('One more than I needed');
  await expectNoAxeViolations(page, 'dialog');
  await page.screenshot({ path: test.info().outputPath('return-part-dialog.png') });
  await ask.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Return requested: we will email you')).toBeVisible();
  await expect(own).toContainText('Return requested');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn('admin');
  const requested = await orderRow(page, 'Return requested', freshUser.email);
  await requested.getByText('History').click();
  await expect(requested.getByRole('listitem').last()).toContainText(`Units: 1 × ${order.name}`);
  await requested.getByRole('button', { name: /^Approve return: order of/ }).click();
  // The row shows its new state once the API has answered (the filter of that name is always on
  // the page: waiting for the text alone let the next list be read before the approval).
  await expect(requested).toContainText('Return approved');
  const approved = await orderRow(page, 'Return approved', freshUser.email);
  await approved.getByRole('button', { name: /^Return received: order of/ }).click();
  const receive = page.getByRole('dialog', { name: 'Has the return arrived?' });
  await expect(receive).toContainText(`Marking 1 × ${order.name} received`);
  await receive.getByRole('button', { name: `Received: refund ${unit}` }).click();
  await expect(page.getByText(`Return received: refunded ${unit}`)).toBeVisible();

  // Delivered again, with the rest still the customer's; refunded in part, with its credit note.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(freshUser);
  await page.goto('/dashboard/myOrders');
  await expect(own).toContainText('Delivered');
  await expect(own).toContainText('Refunded in part');
  await expect(
    own.getByRole('button', { name: `Credit note (PDF) for ${order.name}` }),
  ).toBeVisible();
  await expect(own.getByRole('button', { name: `Return ${order.name}` })).toBeVisible();
});

test('an admin refuses a return only with a reason; the order is delivered again', async ({
  page,
  signIn,
  freshUser,
  apiAs,
}) => {
  const customer = await apiAs(freshUser);
  const order = await placePaidOrder(customer, freshUser);
  const admin = await apiAs('admin');
  await admin.patch(`/adminOrders/${order.orderId}`, {});
  await admin.post(`/adminOrders/${order.orderId}/delivery`);
  await customer.post(`/orders/${order.orderId}/returns`, { reason: 'Changed my mind' });

  await signIn('admin');
  const requested = await orderRow(page, 'Return requested', freshUser.email);
  await requested.getByRole('button', { name: /^Refuse return: order of/ }).click();
  const refuse = page.getByRole('dialog', { name: 'Refuse this return?' });
  await refuse.getByRole('button', { name: 'Refuse return' }).click();
  await expect(refuse).toContainText('Say why: the customer reads it');
  await refuse.getByLabel('Reason').fill('Used beyond testing');
  await expectNoAxeViolations(page, 'dialog');
  await refuse.getByRole('button', { name: 'Refuse return' }).click();
  await expect(page.getByText('Return refused', { exact: true }).first()).toBeVisible();

  const delivered = await orderRow(page, 'Delivered', freshUser.email);
  await delivered.getByText('History').click();
  await expect(delivered.getByRole('listitem').last()).toContainText(
    /^Return refused.*Used beyond testing/,
  );
});
