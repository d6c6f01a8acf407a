import { CompanyMessages } from '@toolshop/contracts';
import {
  createUser,
  dashboardSidebar as sidebar,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  signInThroughForm,
  test,
} from '@toolshop/devstack/e2e';

test('an owner creates a company and invites a member by email, who joins from the link', async ({
  page,
  browser,
  signIn,
  freshUser,
  mailbox,
}) => {
  const name = `Baker Joinery ${Date.now().toString(36)}`;
  await signIn(freshUser);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'My Company' }).click();
  await expect(page.getByRole('heading', { name: 'My Company', level: 1 })).toBeVisible();
  const create = page.getByRole('form', { name: 'Create your company' });
  await create.getByRole('button', { name: 'Create company' }).click();
  // The rule of the API, shown beside the field and focused.
  await expect(create.getByText(CompanyMessages.nameRequired)).toBeVisible();
  await expect(create.getByLabel('Company name')).toBeFocused();
  await expectNoAxeViolations(page);
  await create.getByLabel('Company name').fill(name);
  await create.getByLabel('Billing address (optional)').fill('1 Saw Lane\nLeeds');
  await create.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText('Your role: Owner')).toBeVisible();

  const member = await createUser();
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(member.email);
  await invite.getByLabel('Role').selectOption('buyer');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(member.email)).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await mailbox.waitForMessage(member.email, { subject: /^Join / });
  expect(mail.subject).toBe(`Join ${name} on Toolshop`);
  const link = /https?:\/\/\S+\/dashboard\/company\/join\?token=[A-Za-z0-9_-]+/.exec(
    mail.text,
  )?.[0];
  expect(link).toBeDefined();
  const { pathname, search } = new URL(link!);

  // The member, in a browser of their own, then at a phone's width.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInThroughForm(memberPage, member);
  await memberPage.setViewportSize({ width: 375, height: 800 });
  await memberPage.goto(`${pathname}${search}`);
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(
    memberPage.getByRole('heading', { name: CompanyMessages.joined(name) }),
  ).toBeVisible();
  await expect(memberPage.getByText('Your role: Buyer.')).toBeVisible();
  await memberPage.getByRole('link', { name: 'See your company' }).click();
  const memberMain = memberPage.getByRole('main');
  await expect(memberMain.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(memberMain.getByText(freshUser.email)).toBeVisible();
  await expect(memberMain.getByText(`${member.email} (you)`)).toBeVisible();
  // A buyer neither edits members nor invites.
  await expect(memberMain.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(memberMain.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expectNoSidewaysScroll(memberPage);
  await expectNoAxeViolations(memberPage);

  // The link works once.
  await memberPage.goto(`${pathname}${search}`);
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(memberPage.getByText(CompanyMessages.invitationUsed)).toBeVisible();
  await memberContext.close();

  // The owner sees the new member, sets a monthly limit.
  await page.reload();
  await expect(page.getByText(member.email, { exact: true })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await page.getByRole('button', { name: `Edit ${member.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${member.email}` });
  await dialog.getByLabel(/Monthly limit/).fill('500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('$500')).toBeVisible();

  // The owner's view, with its actions and the invite form, fits a phone too.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: `Remove ${member.email}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
