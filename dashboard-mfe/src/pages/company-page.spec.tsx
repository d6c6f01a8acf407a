import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import {
  ApprovalMessages,
  CompanyMessages,
  type Company,
  type CompanyRole,
} from '@toolshop/contracts';
import {
  apiError,
  createServerDataWrapper,
  reply,
  useFakeShop,
  type FakeRequest,
} from '@toolshop/auth/testing';
import CompanyPage from './company-page';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const ME = 'ada@example.com';
const company = (role: CompanyRole): Company => ({
  _id: 'c'.repeat(24),
  name: 'Baker Joinery',
  billingAddress: '1 Saw Lane\nLeeds',
  role,
  timeZone: 'UTC',
  approvalFor: 'overLimit',
  purchaseOrderRequired: false,
  members: [
    { email: ME, role, joinedAt: '2026-11-01T10:00:00Z' },
    { email: 'bo@example.com', role: 'buyer', monthlyLimit: 500, joinedAt: '2026-11-02T10:00:00Z' },
  ],
  ...(role === 'owner' && {
    invitations: [
      { _id: 'i1', email: 'cy@example.com', role: 'approver', expiresAt: '2026-12-01T10:00:00Z' },
    ],
  }),
});

const waiting = {
  _id: 'o'.repeat(24),
  number: 'TS-100200',
  email: 'bo@example.com',
  name: 'Drill',
  orderQuantity: 2,
  totalPrice: 120,
  createdAt: '2026-11-20T10:00:00Z',
};

/** The company, and its orders awaiting approval (owners and approvers read both). */
function answerCompany(role: CompanyRole, awaiting: unknown[] = []) {
  network.on('GET', '/companies/mine', company(role));
  network.on('GET', '/companies/mine/approvals', awaiting);
}

const network = useFakeShop();
/** The requests of `method` sent so far: path and body. */
const sent = (method: string) =>
  network.requests(method).map(({ path, body }: FakeRequest) => ({ path, body }));
/** Waits for the `count`th request of `method` and gives it. */
async function nth(method: string, count: number) {
  await waitFor(() => expect(sent(method)).toHaveLength(count));
  return sent(method)[count - 1];
}

async function renderPage() {
  render(
    <MemoryRouter initialEntries={['/dashboard/company']}>
      <CompanyPage />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await waitFor(() => expect(screen.queryByLabelText('Loading your company')).toBeNull());
  return userEvent.setup();
}

beforeEach(() => {
  jest.clearAllMocks();
  network.on('POST', /.*/, { acknowledged: true });
  network.on('PATCH', /.*/, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
  network.on('DELETE', /.*/, { acknowledged: true, deletedCount: 1 });
});

describe('CompanyPage', () => {
  it('reads an API of before the 204 too: its 404 is no company', async () => {
    network.on('GET', '/companies/mine', apiError(404, CompanyMessages.notMember));
    await renderPage();
    expect(screen.getByRole('form', { name: 'Create your company' })).toBeInTheDocument();
  });

  it('offers a form to create a company to someone in none, checked before it is sent', async () => {
    network.on('GET', '/companies/mine', reply(204));
    const user = await renderPage();
    const form = screen.getByRole('form', { name: 'Create your company' });
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(within(form).getByText(CompanyMessages.nameRequired)).toBeInTheDocument();
    expect(within(form).getByLabelText('Company name')).toHaveFocus();
    expect(sent('POST')).toEqual([]);

    network.on('POST', '/companies', { insertedId: 'c'.repeat(24) });
    await user.type(within(form).getByLabelText('Company name'), '  Baker Joinery ');
    await user.type(within(form).getByLabelText('Tax ID (optional)'), 'GB123');
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await nth('POST', 1)).toEqual({
      path: '/companies',
      body: { name: 'Baker Joinery', taxId: 'GB123' },
    });
  });

  it('shows an owner the members with edit and remove, the invite form and pending invitations', async () => {
    answerCompany('owner');
    const user = await renderPage();
    expect(screen.getByRole('heading', { name: 'Baker Joinery' })).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Members' });
    // (the members' rows come in steps)
    expect(await within(members).findByText(`${ME} (you)`)).toBeInTheDocument();
    expect(await within(members).findByText('$500')).toBeInTheDocument();
    expect(await within(members).findByText('No limit')).toBeInTheDocument();
    expect(screen.getByText(/cy@example.com, approver/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit bo@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit bo@example.com' });
    const limit = within(dialog).getByLabelText(/Monthly limit/);
    await user.clear(limit);
    await user.type(limit, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(CompanyMessages.monthlyLimitInvalid)).toBeInTheDocument();
    await user.clear(limit);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await nth('PATCH', 1)).toEqual({
      path: `/companies/${'c'.repeat(24)}/members/bo%40example.com`,
      body: { role: 'buyer', monthlyLimit: null },
    });

    network.on('POST', `/companies/${'c'.repeat(24)}/invitations`, { insertedId: 'i2' });
    const invite = screen.getByRole('form', { name: 'Invite a member' });
    await user.type(within(invite).getByLabelText('Email'), 'dee@example.com');
    await user.selectOptions(within(invite).getByLabelText('Role'), 'approver');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await nth('POST', 1)).toEqual({
      path: `/companies/${'c'.repeat(24)}/invitations`,
      body: { email: 'dee@example.com', role: 'approver' },
    });
  });

  it('lets an owner set the ordering rules and withdraw a pending invitation', async () => {
    answerCompany('owner');
    const user = await renderPage();
    const rules = screen.getByRole('form', { name: 'Ordering rules' });
    const zone = within(rules).getByLabelText('Time zone of the monthly limits');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.click(within(rules).getByRole('button', { name: 'Save rules' }));
    expect(within(rules).getByText(CompanyMessages.timeZoneInvalid)).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([]);
    await user.clear(zone);
    await user.type(zone, 'Europe/London');
    await user.selectOptions(within(rules).getByLabelText('Needs approval'), 'allBuyers');
    await user.click(within(rules).getByLabelText('Every order needs a PO number'));
    await user.click(within(rules).getByRole('button', { name: 'Save rules' }));
    expect(await nth('PATCH', 1)).toEqual({
      path: `/companies/${'c'.repeat(24)}`,
      body: { timeZone: 'Europe/London', approvalFor: 'allBuyers', purchaseOrderRequired: true },
    });

    await user.click(
      screen.getByRole('button', { name: 'Withdraw the invitation of cy@example.com' }),
    );
    expect((await nth('DELETE', 1))?.path).toBe(
      `/companies/${'c'.repeat(24)}/invitations/cy%40example.com`,
    );
  });

  it('lets an approver approve an order awaiting approval, or decline it with a reason', async () => {
    answerCompany('approver', [waiting]);
    const user = await renderPage();
    const table = await screen.findByRole('table', { name: 'Orders awaiting approval' });
    expect(within(table).getByText('TS-100200: 2 × Drill')).toBeInTheDocument();
    expect(within(table).getByText('$120')).toBeInTheDocument();
    network.on('POST', `/orders/${'o'.repeat(24)}/approval`, { state: 'unpaid' });
    await user.click(within(table).getByRole('button', { name: 'Approve TS-100200' }));
    expect(await nth('POST', 1)).toEqual({
      path: `/orders/${'o'.repeat(24)}/approval`,
      body: { approve: true },
    });

    await user.click(within(table).getByRole('button', { name: 'Decline TS-100200' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline TS-100200' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(within(dialog).getByText(ApprovalMessages.reasonRequired)).toBeInTheDocument();
    network.on('POST', `/orders/${'o'.repeat(24)}/approval`, { state: 'declined' });
    await user.type(within(dialog).getByLabelText(/Reason/), '  Over budget ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await nth('POST', 2)).toEqual({
      path: `/orders/${'o'.repeat(24)}/approval`,
      body: { approve: false, reason: 'Over budget' },
    });
  });

  it('shows a buyer the company and its members only', async () => {
    answerCompany('buyer');
    await renderPage();
    expect(screen.queryByRole('heading', { name: 'Orders awaiting approval' })).toBeNull();
    expect(screen.getByText('Your role: Buyer')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
  });
});
