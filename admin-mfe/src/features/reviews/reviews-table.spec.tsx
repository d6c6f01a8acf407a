import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { createServerDataWrapper, listPage, useFakeShop } from '@toolshop/auth/testing';
import { ReviewsTable } from './reviews-table';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const network = useFakeShop({ user: 'admin' });

const visible = {
  _id: 'r1',
  email: 'ada@example.com',
  customerName: 'Ada',
  opinion: 'Sharp and sturdy',
  rating: 5,
  verifiedBuyer: true,
  hidden: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const hidden = {
  ...visible,
  _id: 'r2',
  customerName: 'Bob',
  opinion: 'Spam spam',
  verifiedBuyer: false,
  hidden: true,
};

beforeEach(() => {
  network.on('GET', '/adminReviews', listPage([visible, hidden]));
  network.on('PATCH', /^\/reviews\//, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
});

const row = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

it('lists every review newest first, marking hidden ones and verified buyers', async () => {
  render(<ReviewsTable />, { wrapper: createServerDataWrapper() });
  // the rows come in steps: the last one is there when all are
  await screen.findByText('Spam spam');
  expect(network.requests('GET', '/adminReviews')[0]?.path).toBe('/adminReviews?limit=20&page=1');
  expect(row('Sharp and sturdy')).toHaveTextContent('Verified buyer');
  expect(row('Sharp and sturdy')).toHaveTextContent('Public');
  expect(row('Spam spam')).toHaveTextContent('Hidden');
  expect(row('Spam spam')).not.toHaveTextContent('Verified buyer');
  expect(within(row('Sharp and sturdy')).getByRole('button')).toHaveTextContent('Hide');
  expect(within(row('Spam spam')).getByRole('button')).toHaveTextContent('Unhide');
});

it('hides a review and unhides another through PATCH /reviews/{id}, then reloads the list', async () => {
  render(<ReviewsTable />, { wrapper: createServerDataWrapper() });
  await screen.findByText('Sharp and sturdy');
  fireEvent.click(within(row('Sharp and sturdy')).getByRole('button', { name: /^Hide/ }));
  await waitFor(() => expect(network.last('PATCH', '/reviews/r1').body).toEqual({ hidden: true }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Review hidden'));
  // a row past the first comes in a later step of the table (again if the reload renders it anew)
  const spam = await screen.findByRole('row', { name: /Spam spam/ });
  fireEvent.click(within(spam).getByRole('button', { name: /^Unhide/ }));
  await waitFor(() => expect(network.last('PATCH', '/reviews/r2').body).toEqual({ hidden: false }));
  expect(network.last('PATCH', '/reviews/r2').headers['Idempotency-Key']).toMatch(/^attempt-/);
  await waitFor(() => expect(network.requests('GET', '/adminReviews').length).toBeGreaterThan(1));
});
