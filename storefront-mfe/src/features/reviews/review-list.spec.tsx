import { fireEvent, render, screen } from '@testing-library/react';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import { LIST_MAX_LIMIT } from '@toolshop/contracts';
import { ReviewList } from './review-list';

const network = useFakeShop({ user: null });

it('shows "Verified buyer" on the reviews of customers with a paid order only', async () => {
  network.on('GET', '/reviews', [
    { _id: 'r1', customerName: 'Ada', opinion: 'Bought two', rating: 5, verifiedBuyer: true },
    { _id: 'r2', customerName: 'Bob', opinion: 'Just looking', rating: 3, verifiedBuyer: false },
  ]);
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  const verified = (await screen.findByText('Bought two')).closest('li');
  const other = screen.getByText('Just looking').closest('li');
  expect(verified?.textContent).toContain('Ada');
  expect(verified?.textContent).toContain('Verified buyer');
  expect(other?.textContent).toContain('Bob');
  expect(other?.textContent).not.toContain('Verified buyer');
  expect(network.requests('GET', '/reviews')).toHaveLength(1);
});

const reviewsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    _id: `r${i}`,
    customerName: `Customer ${i}`,
    opinion: `Opinion ${i}`,
    rating: 4,
    verifiedBuyer: false,
  }));

it('shows the newest six, then all of them on request', async () => {
  network.on('GET', '/reviews', reviewsOf(8));
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  await screen.findByText('Opinion 5');
  expect(screen.queryByText('Opinion 6')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show all 8 reviews' }));
  expect(screen.getByText('Opinion 7')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Show fewer reviews' }));
  expect(screen.queryByText('Opinion 6')).toBeNull();
});

it('does not call a list the API cut at its limit all the reviews', async () => {
  network.on('GET', '/reviews', reviewsOf(LIST_MAX_LIMIT));
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  expect(
    await screen.findByRole('button', { name: `Show the newest ${LIST_MAX_LIMIT} reviews` }),
  ).toBeTruthy();
});

it('holds the place of the reviews shown first while they load, so the page below stays put', async () => {
  network.on('GET', '/reviews', reviewsOf(8));
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  const placeholders = screen.getByLabelText('Loading reviews').querySelectorAll('li');
  await screen.findByText('Opinion 0');
  expect(placeholders).toHaveLength(screen.getAllByRole('listitem').length);
});
