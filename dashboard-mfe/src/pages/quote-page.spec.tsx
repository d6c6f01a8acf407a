import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { InputMessages, QuoteMessages, type Quote } from '@toolshop/contracts';
import { createServerDataWrapper } from '@toolshop/auth/testing';
import { ApiError, answerQuery, api, customer, setAuthState } from '../testing/auth-mock';
import QuotePage from './quote-page';

jest.mock('@toolshop/auth', () => jest.requireActual('../testing/auth-mock').authModule);
jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const answered: Quote = {
  _id: 'q1',
  email: 'ada@example.com',
  state: 'answered',
  lines: [
    { toolId: 'd'.repeat(24), name: 'Cordless Drill', sku: 'CD-18', quantity: 20, unitPrice: 90 },
  ],
  note: 'For the site',
  messages: [
    { from: 'shop', author: 'admin@toolshop.test', text: 'Best price', at: '2026-11-28T10:00:00Z' },
  ],
  validUntil: '2026-12-20T23:59:59Z',
  total: 1800,
  createdAt: '2026-11-27T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
};

async function renderPage() {
  render(
    <MemoryRouter initialEntries={['/dashboard/quotes/q1']}>
      <Routes>
        <Route path="/dashboard/quotes/:id" element={<QuotePage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: createServerDataWrapper() },
  );
  await waitFor(() => expect(screen.queryByLabelText('Loading the quote')).toBeNull());
  return userEvent.setup();
}

beforeEach(() => {
  jest.clearAllMocks();
  setAuthState(customer);
});

describe('QuotePage', () => {
  it('shows the quoted prices and messages, and accepts with a shipping address', async () => {
    answerQuery(answered);
    const user = await renderPage();
    expect(api.get).toHaveBeenCalledWith('/quotes/q1', { signal: expect.any(AbortSignal) });
    const row = screen.getByRole('row', { name: /Cordless Drill/ });
    expect(within(row).getByText('$90')).toBeInTheDocument();
    expect(within(row).getByText('$1,800')).toBeInTheDocument();
    expect(screen.getByText('Best price')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText(InputMessages.addressRequired)).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockRejectedValueOnce(new ApiError(409, QuoteMessages.expired));
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('Phone'), '555-0100');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(api.post).toHaveBeenCalledWith('/quotes/q1/accept', {
      address: '1 Main St',
      phone: '555-0100',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(QuoteMessages.expired);
  });

  it('offers no accept before the shop answers', async () => {
    answerQuery({
      ...answered,
      state: 'requested',
      lines: [{ ...answered.lines[0]!, unitPrice: undefined }],
    });
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText('Requested')).toBeInTheDocument();
  });

  it('says when the quote is not found (or not the caller’s)', async () => {
    answerQuery(undefined, { error: new ApiError(404, QuoteMessages.notFound) });
    await renderPage();
    expect(await screen.findByText(QuoteMessages.notFound)).toBeInTheDocument();
  });
});
