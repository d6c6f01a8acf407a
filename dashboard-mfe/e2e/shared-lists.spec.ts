// A saved list shared within a company: the owner marks it shared, a colleague sees it read only
// on Saved Lists and orders from it; a customer outside the company never sees it.
import { randomUUID } from 'node:crypto';
import {
  createUser,
  expect,
  expectNoAxeViolations,
  signInThroughForm,
  test,
} from '@toolshop/devstack/e2e';
import { createTools } from './quick-order-helpers';

test('a colleague sees a shared list read only and orders from it', async ({
  page,
  browser,
  signIn,
  freshUser,
  apiAs,
  mailbox,
}) => {
  const id = randomUUID().slice(0, 8);
  const [tool] = await createTools(await apiAs('admin'), [{ name: `Shared Clamp ${id}` }]);
  const owner = await apiAs(freshUser);
  const company = await owner.post<{ insertedId: string }>('/companies', {
    name: `Crew ${id}`,
  });
  const colleague = await createUser();
  await owner.post(`/companies/${company.insertedId}/invitations`, {
    email: colleague.email,
    role: 'buyer',
  });
  const mail = await mailbox.waitForMessage(colleague.email, { subject: /^Join / });
  const token = /join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  await (await apiAs(colleague)).post(`/invitations/${token}/accept`);
  const name = `Site kit ${id}`;
  await owner.post('/savedLists', {
    name,
    lines: [{ toolId: tool!._id, quantity: 4 }],
    shared: true,
  });

  // The owner sees it as their own, shared.
  await signIn(freshUser);
  await page.goto('/dashboard/lists');
  const own = page.getByRole('listitem', { name });
  await expect(own.getByText('shared with your company', { exact: false })).toBeVisible();
  await expect(own.getByRole('button', { name: `Stop sharing: ${name}` })).toBeVisible();

  // The colleague, in a browser of their own: read only, and it orders.
  const context = await browser.newContext();
  const colleaguePage = await context.newPage();
  await signInThroughForm(colleaguePage, colleague);
  await colleaguePage.goto('/dashboard/lists');
  const shared = colleaguePage.getByRole('listitem', { name });
  await expect(shared.getByText(`shared by ${freshUser.email}`, { exact: false })).toBeVisible();
  await expect(shared.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(colleaguePage);
  await shared.getByRole('link', { name: `Order this list: ${name}` }).click();
  await expect(colleaguePage).toHaveURL(/\/dashboard\/quickOrder\?list=/);
  await expect(colleaguePage.getByRole('main').getByRole('status')).toHaveText(
    '1 line checked: every line can be ordered.',
  );
  await context.close();

  // Nobody outside the company sees it.
  const outsider = await apiAs(await createUser());
  const lists = await outsider.get<Array<{ name: string }>>('/savedLists');
  expect(lists.map((list) => list.name)).not.toContain(name);
});
