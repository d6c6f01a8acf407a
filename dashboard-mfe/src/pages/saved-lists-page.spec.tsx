import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { BuyingMessages, type SavedList } from '@toolshop/contracts';
import {
  apiError,
  createServerDataWrapper,
  useFakeShop,
  type FakeRequest,
} from '@toolshop/auth/testing';
import SavedListsPage from './saved-lists-page';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const DRILL = 'd'.repeat(24);
const BLADE = 'b'.repeat(24);
const monthly: SavedList = {
  _id: 'l1',
  name: 'Monthly consumables',
  updatedAt: '2026-11-01T10:00:00Z',
  lines: [
    { toolId: DRILL, name: 'Cordless Drill', quantity: 2 },
    { toolId: BLADE, name: 'Saw Blade', quantity: 10 },
  ],
};
const site: SavedList = {
  _id: 'l2',
  name: 'Site B',
  lines: [{ toolId: DRILL, name: 'Cordless Drill', quantity: 1 }],
};

async function renderPage() {
  render(
    <MemoryRouter initialEntries={['/dashboard/lists']}>
      <SavedListsPage />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await waitFor(() => expect(screen.queryByLabelText('Loading your saved lists')).toBeNull());
  return userEvent.setup();
}

const card = (name: string) => screen.getByRole('listitem', { name });
const network = useFakeShop();
const answerLists = (lists: SavedList[]) => network.on('GET', '/savedLists', lists);
const reads = () => network.requests('GET', '/savedLists').length;
const puts = () => network.requests('PUT', /^\/savedLists\//);
/** The last change of a list sent: its path and body, as one attempt. */
async function lastPut(count: number): Promise<FakeRequest> {
  await waitFor(() => expect(puts()).toHaveLength(count));
  const sent = puts().at(-1)!;
  expect(sent.headers['Idempotency-Key']).toMatch(/^attempt-/);
  return sent;
}

beforeEach(() => {
  jest.clearAllMocks();
  answerLists([monthly, site]);
});

describe('SavedListsPage', () => {
  it('shows a colleague’s shared list read only and lets the owner share their own', async () => {
    const colleagues: SavedList = {
      ...site,
      _id: 'l3',
      name: 'Crew kit',
      shared: true,
      owner: 'ana@co.test',
    };
    answerLists([monthly, colleagues]);
    network.on('GET', '/companies/mine', { _id: 'c1', name: 'Co', role: 'buyer', members: [] });
    const user = await renderPage();
    const shared = within(card('Crew kit'));
    expect(shared.getByText('shared by ana@co.test', { exact: false })).toBeInTheDocument();
    expect(shared.getByRole('link', { name: 'Order this list: Crew kit' })).toBeInTheDocument();
    expect(shared.queryByRole('button')).toBeNull();
    expect(shared.queryByLabelText('Quantity of Cordless Drill')).toBeNull();

    network.once('PUT', '/savedLists/l1', {});
    await user.click(
      within(card('Monthly consumables')).getByRole('button', {
        name: 'Share with my company: Monthly consumables',
      }),
    );
    expect(await lastPut(1)).toMatchObject({
      path: '/savedLists/l1',
      body: {
        name: 'Monthly consumables',
        lines: monthly.lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
        shared: true,
      },
    });
  });

  it('offers no sharing to a customer without a company', async () => {
    await renderPage();
    expect(
      within(card('Monthly consumables')).getByRole('button', { name: /^Rename/ }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Share with my company/ })).toBeNull();
  });

  it('lists each list with its lines and a link that orders it', async () => {
    await renderPage();
    expect(network.requests('GET').map((request) => request.path)).toContain('/savedLists');
    const list = within(card('Monthly consumables'));
    expect(list.getByText('2 lines', { exact: false })).toBeInTheDocument();
    // (a list's lines come in steps)
    expect(await list.findByRole('rowheader', { name: 'Saw Blade' })).toBeInTheDocument();
    expect(list.getByLabelText('Quantity of Saw Blade')).toHaveValue('10');
    expect(
      list.getByRole('link', { name: 'Order this list: Monthly consumables' }),
    ).toHaveAttribute('href', '/dashboard/quickOrder?list=l1');
  });

  it('saves edited quantities (a wrong one is refused first)', async () => {
    network.on('PUT', '/savedLists/l1', { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const user = await renderPage();
    const list = within(card('Monthly consumables'));
    const save = list.getByRole('button', { name: 'Save quantities of Monthly consumables' });
    expect(save).toBeDisabled();
    const blades = await list.findByLabelText('Quantity of Saw Blade');
    await user.clear(blades);
    await user.type(blades, '2.5');
    await user.click(save);
    expect(blades).toHaveAccessibleDescription(BuyingMessages.wholeQuantity);
    expect(blades).toHaveFocus();
    expect(puts()).toEqual([]);

    await user.clear(blades);
    await user.type(blades, '25');
    const before = reads();
    await user.click(save);
    expect(await lastPut(1)).toMatchObject({
      path: '/savedLists/l1',
      body: {
        name: 'Monthly consumables',
        lines: [
          { toolId: DRILL, quantity: 2 },
          { toolId: BLADE, quantity: 25 },
        ],
      },
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Saved the list "Monthly consumables"'),
    );
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('renames a list, showing a taken name in the dialog', async () => {
    network.once('PUT', '/savedLists/l2', apiError(409, BuyingMessages.listNameTaken));
    const user = await renderPage();
    await user.click(within(card('Site B')).getByRole('button', { name: 'Rename Site B' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename "Site B"' });
    const name = within(dialog).getByLabelText('List name');
    await user.clear(name);
    await user.type(name, 'Monthly consumables');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(BuyingMessages.listNameTaken));
    expect(toast.error).not.toHaveBeenCalled();

    network.once('PUT', '/savedLists/l2', {
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
    });
    await user.clear(name);
    await user.type(name, 'Site C');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await lastPut(2)).toMatchObject({
      path: '/savedLists/l2',
      body: { name: 'Site C', lines: [{ toolId: DRILL, quantity: 1 }] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes only after confirmation; a list gone meanwhile is toasted as not found', async () => {
    network.on('DELETE', '/savedLists/l2', apiError(404, BuyingMessages.listNotFound));
    const user = await renderPage();
    await user.click(within(card('Site B')).getByRole('button', { name: 'Delete Site B' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete "Site B"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep list' }));
    expect(network.requests('DELETE')).toEqual([]);

    await user.click(within(card('Site B')).getByRole('button', { name: 'Delete Site B' }));
    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(network.requests('DELETE', '/savedLists/l2')).toHaveLength(1));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BuyingMessages.listNotFound));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('has an empty state that leads to Quick Order', async () => {
    answerLists([]);
    await renderPage();
    expect(screen.getByText('No saved lists yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Quick Order' })).toHaveAttribute(
      'href',
      '/dashboard/quickOrder',
    );
  });
});
