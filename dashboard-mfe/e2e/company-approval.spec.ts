// A company buyer's order above their monthly limit waits for approval: the buyer sees it waiting
// in My Orders (no Pay), an owner approves it on My Company, then the buyer pays it by card.
import { ApprovalMessages, Messages, ORDER_STATE_LABELS } from '@toolshop/contracts';
import {
  apiClient,
  createUser,
  expect,
  expectNoAxeViolations,
  signInThroughForm,
  test,
} from '@toolshop/devstack/e2e';
import { createTool, orderOnStorefront } from './company-helpers';
import { fillCard } from './payment-helpers';

test('a buyer’s order over a $50 limit waits, the owner approves it, the buyer pays', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
  mailbox,
}) => {
  // The owner's company, a buyer invited by email and given a $50 monthly limit.
  const owner = await apiAs(freshUser);
  const { insertedId: companyId } = await owner.post<{ insertedId: string }>('/companies', {
    name: `Approval Joinery ${Date.now().toString(36)}`,
  });
  const buyer = await createUser();
  await owner.post(`/companies/${companyId}/invitations`, { email: buyer.email, role: 'buyer' });
  const invitation = await mailbox.waitForMessage(buyer.email, { subject: /^Join / });
  const token = /join\?token=([A-Za-z0-9_-]{43})/.exec(invitation.text)![1];
  await (await apiClient(buyer)).post(`/invitations/${token}/accept`);
  await owner.patch(`/companies/${companyId}/members/${buyer.email}`, { monthlyLimit: 50 });

  const admin = await apiAs('admin');
  const tool = await createTool(admin, 'Approval Plane', 30);
  const toolId = tool._id;

  // The buyer orders 2 × $30 on the storefront: $60, over the limit.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await signInThroughForm(buyerPage, buyer);
  await orderOnStorefront(buyerPage, toolId, 2);
  await buyerPage.goto('/dashboard/myOrders');
  const row = buyerPage.getByRole('row').filter({ hasText: tool.name });
  await expect(row.getByText(ORDER_STATE_LABELS.awaiting_approval)).toBeVisible();
  await expect(row.getByRole('link', { name: `Pay for ${tool.name}` })).toHaveCount(0);
  await expectNoAxeViolations(buyerPage);
  await mailbox.waitForMessage(buyer.email, { subject: /^Order awaiting approval/ });

  // The owner approves it on My Company.
  await signIn(freshUser);
  await page.goto('/dashboard/company');
  const approvals = page.getByRole('region', { name: 'Orders awaiting approval' });
  const waiting = approvals.getByRole('row').filter({ hasText: buyer.email });
  await expect(waiting.getByText(`2 × ${tool.name}`)).toBeVisible();
  await expect(waiting.getByText('$60')).toBeVisible();
  await expectNoAxeViolations(page);
  await waiting.getByRole('button', { name: /^Approve / }).click();
  await expect(page.getByText(ApprovalMessages.approved)).toBeVisible();
  await expect(approvals.getByText('No order is waiting for approval.')).toBeVisible();
  await mailbox.waitForMessage(buyer.email, { subject: /^Order approved/ });

  // The buyer pays it now.
  await buyerPage.reload();
  await expect(row.getByText(ORDER_STATE_LABELS.unpaid)).toBeVisible();
  await row.getByRole('link', { name: `Pay for ${tool.name}` }).click();
  const pay = buyerPage.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await fillCard(buyerPage, '4242 4242 4242 4242');
  await pay.click();
  await expect(buyerPage.getByText(Messages.paymentCompleted)).toBeVisible();
  await buyerContext.close();
});
