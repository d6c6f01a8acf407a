import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { apiError, createServerDataWrapper, listPage, useFakeShop } from '@toolshop/auth/testing';
import { BuyingMessages, Messages, RuleMessages, type Tool } from '@toolshop/contracts';
import { ProductsTable } from './products-table';
import { STOCK_INVALID } from './restock-dialog';

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

const network = useFakeShop({ user: 'admin' });
const listTools = (tools: Tool[]) => network.on('GET', '/tools', listPage(tools));
const changed = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };

beforeEach(() => {
  jest.clearAllMocks();
  listTools([tool('t1', 'Angle Grinder', 40), tool('t2', 'Jigsaw', 2)]);
});

/** Renders the table and waits for its `last` row (the rows come in steps: then all are there). */
async function renderTable(last = 'Jigsaw') {
  render(
    <MemoryRouter>
      <ProductsTable />
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await screen.findByText(last);
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

it('asks for low stock first and marks it with the threshold (own, else 2 x minimum order)', async () => {
  listTools([
    tool('t2', 'Jigsaw', 2),
    { ...tool('t3', 'Sander', 30), lowStockThreshold: 50, category: 'Sanders' },
    tool('t1', 'Angle Grinder', 40),
  ]);
  await renderTable('Angle Grinder');
  expect(network.requests('GET', '/tools')[0]?.path).toBe('/tools?sort=lowStock&limit=20&page=1');
  expect(row('Angle Grinder')).toHaveTextContent('$120');
  expect(row('Angle Grinder')).toHaveTextContent('40');
  expect(row('Angle Grinder')).not.toHaveTextContent('Low stock');
  expect(row('Angle Grinder')).toHaveTextContent('Other');
  expect(row('Jigsaw')).toHaveTextContent('2 Low stockbelow 10');
  expect(row('Sander')).toHaveTextContent('30 Low stockbelow 50');
  expect(row('Sander')).toHaveTextContent('Sanders');
});

it('searches the products by name, SKU or description, from the first page', async () => {
  await renderTable();
  network.on(
    'GET',
    '/tools?sort=lowStock&limit=20&page=1&q=CD4-000',
    listPage([{ ...tool('t4', 'Cordless Drill 4444', 4), sku: 'CD4-000D75' }]),
  );
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
    target: { value: ' CD4-000 ' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('Cordless Drill 4444');
  expect(screen.queryByText('Jigsaw')).toBeNull();
  expect(screen.getByRole('table', { name: 'Products matching “CD4-000”' })).toBeInTheDocument();

  network.on('GET', '/tools?sort=lowStock&limit=20&page=1&q=nothing', listPage([]));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
    target: { value: 'nothing' },
  });
  fireEvent.submit(screen.getByRole('search', { name: 'Search products' }));
  expect(await screen.findByText('No products match “nothing”')).toBeInTheDocument();

  // Emptied: every product again.
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), {
    target: { value: '' },
  });
  expect(await screen.findByText('Jigsaw')).toBeInTheDocument();
});

it('deletes a tool after the confirmation, then shows the list without it', async () => {
  network.on('DELETE', '/tools/t2', { acknowledged: true, deletedCount: 1 });
  await renderTable();
  listTools([tool('t1', 'Angle Grinder', 40)]);
  fireEvent.click(screen.getByRole('button', { name: 'Delete Jigsaw' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveTextContent('Jigsaw will be removed');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(Messages.productDeleted));
  expect(network.requests('DELETE')).toEqual([expect.objectContaining({ path: '/tools/t2' })]);
  await waitFor(() => expect(screen.queryByRole('row', { name: /Jigsaw/ })).toBeNull());
  expect(row('Angle Grinder')).toBeInTheDocument();
});

it('sets the stock of a tool through PUT /tools/{id}', async () => {
  network.on('PUT', '/tools/t2', () => {
    listTools([tool('t1', 'Angle Grinder', 40), tool('t2', 'Jigsaw', 75)]);
    return changed;
  });
  await renderTable();
  fireEvent.click(screen.getByRole('button', { name: 'Restock Jigsaw' }));
  const field = within(screen.getByRole('dialog')).getByLabelText('Units in stock');
  expect(field).toHaveValue(2);

  fireEvent.change(field, { target: { value: '2.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save stock' }));
  expect(screen.getByText(STOCK_INVALID)).toBeInTheDocument();
  expect(network.requests('PUT')).toEqual([]);

  fireEvent.change(field, { target: { value: '75' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save stock' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(network.last('PUT', '/tools/t2').body).toEqual({ available: 75 });
  await waitFor(() => expect(row('Jigsaw')).toHaveTextContent('75'));
  expect(row('Jigsaw')).not.toHaveTextContent('low');
});

describe('Edit pack & prices', () => {
  const patched = () => network.requests('PATCH', '/tools/t3').map((request) => request.body);
  const blades: Tool = {
    ...tool('t3', 'Saw blades', 40),
    minOrder: 10,
    price: 20,
    packSize: 5,
    priceTiers: [{ minQuantity: 50, price: 18 }],
  };

  async function openFor(shown: Tool) {
    listTools([tool('t2', 'Jigsaw', 2), shown]);
    await renderTable(shown.name);
    fireEvent.click(screen.getByRole('button', { name: `Edit pack & prices of ${shown.name}` }));
    const dialog = screen.getByRole('dialog');
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const save = () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save pack & prices' }));
    return { dialog, type, save };
  }

  it('shows the pack size in the table', async () => {
    listTools([tool('t2', 'Jigsaw', 2), blades]);
    await renderTable(blades.name);
    expect(row('Saw blades')).toHaveTextContent('10packs of 5');
  });

  it('starts from the tool as it is and sends the changed terms through PATCH /tools/{id}', async () => {
    network.on('PATCH', '/tools/t3', changed);
    const { dialog, type, save } = await openFor(blades);
    expect(within(dialog).getByLabelText('Price ($)')).toHaveValue(20);
    expect(within(dialog).getByLabelText('Minimum order')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Pack size')).toHaveValue(5);
    expect(within(dialog).getByLabelText('From quantity of tier 1')).toHaveValue(50);
    expect(within(dialog).getByLabelText('Unit price ($) of tier 1')).toHaveValue(18);

    type('Pack size', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a price tier' }));
    type('From quantity of tier 2', '200');
    type('Unit price ($) of tier 2', '15');
    save();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patched()).toEqual([
      {
        price: 20,
        minOrder: 10,
        packSize: 10,
        priceTiers: [
          { minQuantity: 50, price: 18 },
          { minQuantity: 200, price: 15 },
        ],
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Pack and prices of Saw blades saved');
  });

  it('sells by the unit and at one price again with a blank pack and no tiers', async () => {
    network.on('PATCH', '/tools/t3', changed);
    const { dialog, type, save } = await openFor(blades);
    type('Pack size', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tier 1' }));
    save();
    await waitFor(() =>
      expect(patched()).toEqual([{ price: 20, minOrder: 10, packSize: 1, priceTiers: [] }]),
    );
  });

  it('checks the terms together with the stock before sending', async () => {
    const { dialog, type, save } = await openFor(blades);
    type('Minimum order', '12');
    save();
    expect(within(dialog).getByLabelText('Pack size')).toHaveAccessibleDescription(
      expect.stringContaining(BuyingMessages.minOrderInPacks(5)),
    );
    type('Minimum order', '45');
    expect(within(dialog).getByLabelText('Minimum order')).toHaveAccessibleDescription(
      RuleMessages.minOrderAboveStock,
    );
    type('Minimum order', '10');
    type('Unit price ($) of tier 1', '25');
    save();
    expect(within(dialog).getByLabelText('Unit price ($) of tier 1')).toHaveFocus();
    expect(within(dialog).getByLabelText('Unit price ($) of tier 1')).toHaveAccessibleDescription(
      BuyingMessages.tierPrice,
    );
    expect(patched()).toEqual([]);
  });

  it("shows the API's refusal in the dialog, at its field when it has one", async () => {
    network.once('PATCH', '/tools/t3', apiError(400, BuyingMessages.tierQuantity));
    const { dialog, save } = await openFor(blades);
    save();
    expect(await within(dialog).findByText(BuyingMessages.tierQuantity)).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();

    network.once('PATCH', '/tools/t3', apiError(404, 'Tool not found'));
    save();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tool not found');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
