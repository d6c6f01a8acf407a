import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { CompanyPriceMessages } from '@toolshop/contracts';
import { PriceListSection } from './price-list-section';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: 'admin' });
const company = { _id: 'c1' };
const pricesPath = '/admin/companies/c1/prices';

beforeEach(() => {
  network.on('GET', pricesPath, {
    companyId: 'c1',
    discountPercent: 5,
    prices: [{ product: 'p1', unitPrice: 80, name: 'Planer', sku: 'PL-1', listPrice: 100 }],
    updatedAt: '2026-11-29T00:00:00.000Z',
  });
  network.on('PUT', pricesPath, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
  network.on('GET', /^\/tools\/lookup/, [{ _id: 'p2', name: 'Sander', sku: 'SA-2' }]);
});

async function renderSection() {
  render(<PriceListSection company={company} />, { wrapper: createServerDataWrapper() });
  return screen.findByRole('form', { name: 'Price list' });
}

it('shows the saved list and refuses a discount out of range with the rule’s words', async () => {
  const form = await renderSection();
  const discount = within(form).getByLabelText(/Discount on every tool/);
  expect(discount).toHaveValue(5);
  expect(screen.getByRole('row', { name: /PL-1 — Planer/ })).toHaveTextContent('$80');
  fireEvent.change(discount, { target: { value: '95' } });
  expect(within(form).getByText(CompanyPriceMessages.discountInvalid)).toBeVisible();
  expect(within(form).getByRole('button', { name: 'Save price list' })).toBeDisabled();
});

it('adds a fixed price found by SKU and saves the whole list', async () => {
  const form = await renderSection();
  const adder = screen.getByRole('form', { name: 'Add a fixed price' });
  fireEvent.change(within(adder).getByLabelText('Product (SKU or name)'), {
    target: { value: 'sa-2' },
  });
  fireEvent.change(within(adder).getByLabelText('Fixed unit price ($)'), {
    target: { value: '12.5' },
  });
  fireEvent.click(within(adder).getByRole('button', { name: 'Add fixed price' }));
  await screen.findByRole('row', { name: /SA-2 — Sander/ });
  fireEvent.change(within(form).getByLabelText(/Discount on every tool/), {
    target: { value: '12.5' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Save price list' }));
  await waitFor(() => expect(network.requests('PUT', pricesPath)).toHaveLength(1));
  expect(network.last('PUT', pricesPath).body).toEqual({
    discountPercent: 12.5,
    prices: [
      { product: 'p1', unitPrice: 80 },
      { product: 'p2', unitPrice: 12.5 },
    ],
  });
});
