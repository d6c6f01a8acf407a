import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { apiError, createServerDataWrapper, listPage, useFakeShop } from '@toolshop/auth/testing';
import { Messages } from '@toolshop/contracts';
import { MakeAdmin } from './make-admin';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: 'admin' });
const assigned = () => network.requests('PUT', '/user/admin/carla%40example.com');

beforeEach(() => {
  jest.clearAllMocks();
  network.on(
    'GET',
    '/user',
    listPage([{ email: 'boss@toolshop.test', role: 'admin' }, { email: 'carla@example.com' }]),
  );
});

/** The list as the API answers it once carla@example.com is an admin. */
function promoteCarla() {
  network.on(
    'GET',
    '/user',
    listPage([
      { email: 'boss@toolshop.test', role: 'admin' },
      { email: 'carla@example.com', role: 'admin' },
    ]),
  );
}

async function renderPage() {
  render(
    <MemoryRouter>
      <MakeAdmin />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await screen.findByText('carla@example.com');
}

const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

function confirmInDialog() {
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveTextContent(/irreversible/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Assign Admin' }));
}

it('lists every user with the role, offering Assign Admin only to customers', async () => {
  await renderPage();
  expect(network.requests('GET', '/user')[0]?.path).toBe('/user?limit=20&page=1');
  expect(row('boss@toolshop.test')).toHaveTextContent('Admin');
  expect(within(row('boss@toolshop.test')).queryByRole('button')).toBeNull();
  expect(row('carla@example.com')).toHaveTextContent('Customer');
});

it('assigns admin after the confirmation and updates the row', async () => {
  network.on('PUT', '/user/admin/carla%40example.com', () => {
    promoteCarla();
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
  });
  await renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Assign Admin to carla@example.com' }));
  confirmInDialog();

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.adminAssigned));
  expect(assigned()[0]?.headers['Idempotency-Key']).toMatch(/^attempt-/);
  await waitFor(() => expect(row('carla@example.com')).toHaveTextContent('Admin'));
  expect(within(row('carla@example.com')).queryByRole('button')).toBeNull();
});

it('shows the spec message when the API answers 403', async () => {
  network.on('PUT', '/user/admin/carla%40example.com', apiError(403, 'Forbidden'));
  await renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Assign Admin to carla@example.com' }));
  confirmInDialog();

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(Messages.onlyAdmin));
  expect(toast.success).not.toHaveBeenCalled();
  expect(row('carla@example.com')).toHaveTextContent('Customer');
});

it('assigns admin by email, checking the address first', async () => {
  network.on('PUT', '/user/admin/carla%40example.com', () => {
    promoteCarla();
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
  });
  await renderPage();
  const form = screen.getByRole('form', { name: 'Assign Admin by email' });
  const email = within(form).getByLabelText('Email of the user');
  fireEvent.change(email, { target: { value: 'carla@' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign Admin' }));
  expect(within(form).getByText(Messages.emailInvalid)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.change(email, { target: { value: ' Carla@Example.com ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign Admin' }));
  confirmInDialog();
  await waitFor(() => expect(assigned()[0]?.headers['Idempotency-Key']).toMatch(/^attempt-/));
  expect(row('carla@example.com')).toHaveTextContent('Admin');
  await waitFor(() => expect(email).toHaveValue(''));
});

it('keeps the typed email when the API refuses, so it can be corrected', async () => {
  network.on('PUT', '/user/admin/carla%40example.com', apiError(403, 'Forbidden'));
  await renderPage();
  const form = screen.getByRole('form', { name: 'Assign Admin by email' });
  const email = within(form).getByLabelText('Email of the user');
  fireEvent.change(email, { target: { value: 'carla@example.com' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign Admin' }));
  confirmInDialog();
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(Messages.onlyAdmin));
  expect(email).toHaveValue('carla@example.com');
});

it('sends nothing when the confirmation is dismissed', async () => {
  await renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Assign Admin to carla@example.com' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(network.requests('PUT')).toEqual([]);
  expect(screen.queryByRole('dialog')).toBeNull();
});
