import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { AccountMessages, type Company } from '@toolshop/contracts';
import { PaymentTermsSection } from './payment-terms-section';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: 'admin' });
const termsPath = '/admin/companies/c1/terms';
const company = (terms?: Company['terms']) =>
  ({ _id: 'c1', name: 'Baker Joinery', members: [], terms }) as unknown as Company;

beforeEach(() => {
  network.on('PUT', termsPath, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
});

it('grants net terms and a credit limit, refusing a limit that is not whole dollars', async () => {
  render(<PaymentTermsSection company={company()} />, { wrapper: createServerDataWrapper() });
  expect(screen.getByText('No terms: the company’s members pay by card.')).toBeVisible();
  const form = screen.getByRole('form', { name: 'Payment terms' });
  fireEvent.change(within(form).getByLabelText('Credit limit in dollars'), {
    target: { value: '12.5' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
  expect(within(form).getByText(AccountMessages.creditLimitInvalid)).toBeVisible();
  expect(network.requests('PUT', termsPath)).toHaveLength(0);

  fireEvent.change(within(form).getByLabelText('Net days'), { target: { value: '60' } });
  fireEvent.change(within(form).getByLabelText('Credit limit in dollars'), {
    target: { value: '5000' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
  await waitFor(() => expect(network.requests('PUT', termsPath)).toHaveLength(1));
  expect(network.last('PUT', termsPath).body).toEqual({ netDays: 60, creditLimit: 5000 });
});

it('shows the terms the company has', () => {
  render(<PaymentTermsSection company={company({ netDays: 30, creditLimit: 2500 })} />, {
    wrapper: createServerDataWrapper(),
  });
  expect(screen.getByText('Net 30 days, credit limit $2,500.')).toBeVisible();
  expect(screen.getByLabelText('Credit limit in dollars')).toHaveValue('2500');
});
