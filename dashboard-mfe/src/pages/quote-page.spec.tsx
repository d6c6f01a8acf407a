import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { InputMessages, QuoteMessages, type Quote } from '@toolshop/contracts';
import { apiError, createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import QuotePage from './quote-page';

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

const network = useFakeShop();
const answerQuery = (answer: unknown) => network.on('GET', '/quotes/q1', answer);

beforeEach(() => jest.clearAllMocks());

describe('QuotePage', () => {
  it('shows the quoted prices and messages, and accepts with a shipping address', async () => {
    answerQuery(answered);
    const user = await renderPage();
    expect(network.requests('GET', '/quotes/q1')).toHaveLength(1);
    const row = screen.getByRole('row', { name: /Cordless Drill/ });
    expect(within(row).getByText('$90')).toBeInTheDocument();
    expect(within(row).getByText('$1,800')).toBeInTheDocument();
    expect(screen.getByText('Best price')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText(InputMessages.addressRequired)).toBeInTheDocument();
    expect(network.requests('POST')).toEqual([]);

    network.on('POST', '/quotes/q1/accept', apiError(409, QuoteMessages.expired));
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('Phone'), '555-0100');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QuoteMessages.expired);
    expect(network.last('POST', '/quotes/q1/accept').body).toEqual({
      address: '1 Main St',
      phone: '555-0100',
    });
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
    answerQuery(apiError(404, QuoteMessages.notFound));
    await renderPage();
    expect(await screen.findByText(QuoteMessages.notFound)).toBeInTheDocument();
  });
});
