import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { api } from '@toolshop/auth';
import { createServerDataWrapper } from '@toolshop/auth/testing';
import { Messages, type Tool } from '@toolshop/contracts';
import { ProductsTable } from './products-table';
import { STOCK_INVALID } from './restock-dialog';

jest.mock('@toolshop/auth', () => ({
  ApiError: jest.requireActual<typeof import('@toolshop/auth')>('@toolshop/auth').ApiError,
  api: { getPage: jest.fn(), put: jest.fn(), delete: jest.fn() },
}));
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const tool = (id: string, name: string, available: number): Tool => ({
  _id: id,
  name,
  img: `https://example.com/${id}.webp`,
  shortDescription: 'x',
  minOrder: 5,
  available,
  price: 120,
});

const getPage = jest.mocked(api.getPage);

beforeEach(() => {
  getPage.mockResolvedValue({
    items: [tool('t1', 'Angle Grinder', 40), tool('t2', 'Jigsaw', 2)],
    total: 2,
  });
});

async function renderTable() {
  render(
    <MemoryRouter>
      <ProductsTable />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await screen.findByText('Jigsaw');
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

it('asks for low stock first and marks it with the threshold (own, else 2 x minimum order)', async () => {
  getPage.mockResolvedValue({
    items: [
      tool('t2', 'Jigsaw', 2),
      { ...tool('t3', 'Sander', 30), lowStockThreshold: 50, category: 'Sanders' },
      tool('t1', 'Angle Grinder', 40),
    ],
    total: 3,
  });
  await renderTable();
  expect(getPage.mock.calls[0]?.[0]).toBe('/tools?sort=lowStock&limit=20&page=1');
  expect(row('Angle Grinder')).toHaveTextContent('$120');
  expect(row('Angle Grinder')).toHaveTextContent('40');
  expect(row('Angle Grinder')).not.toHaveTextContent('Low stock');
  expect(row('Angle Grinder')).toHaveTextContent('Other');
  expect(row('Jigsaw')).toHaveTextContent('2 Low stockbelow 10');
  expect(row('Sander')).toHaveTextContent('30 Low stockbelow 50');
  expect(row('Sander')).toHaveTextContent('Sanders');
});

it('deletes a tool after the confirmation, then shows the list without it', async () => {
  jest.mocked(api.delete).mockResolvedValue({ acknowledged: true, deletedCount: 1 });
  await renderTable();
  getPage.mockResolvedValue({ items: [tool('t1', 'Angle Grinder', 40)], total: 1 });
  fireEvent.click(screen.getByRole('button', { name: 'Delete Jigsaw' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveTextContent('Jigsaw will be removed');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.productDeleted));
  expect(api.delete).toHaveBeenCalledWith('/tools/t2');
  await waitFor(() => expect(screen.queryByRole('row', { name: /Jigsaw/ })).toBeNull());
  expect(row('Angle Grinder')).toBeInTheDocument();
});

it('sets the stock of a tool through PUT /tools/{id}', async () => {
  jest.mocked(api.put).mockImplementation(async () => {
    getPage.mockResolvedValue({
      items: [tool('t1', 'Angle Grinder', 40), tool('t2', 'Jigsaw', 75)],
      total: 2,
    });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
  });
  await renderTable();
  fireEvent.click(screen.getByRole('button', { name: 'Restock Jigsaw' }));
  const field = within(screen.getByRole('dialog')).getByLabelText('Units in stock');
  expect(field).toHaveValue(2);

  fireEvent.change(field, { target: { value: '2.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save stock' }));
  expect(screen.getByText(STOCK_INVALID)).toBeInTheDocument();
  expect(api.put).not.toHaveBeenCalled();

  fireEvent.change(field, { target: { value: '75' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save stock' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.put).toHaveBeenCalledWith('/tools/t2', { available: 75 });
  expect(row('Jigsaw')).toHaveTextContent('75');
  expect(row('Jigsaw')).not.toHaveTextContent('low');
});
