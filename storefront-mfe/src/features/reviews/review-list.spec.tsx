import { render, screen } from '@testing-library/react';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
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

it('holds the place of the reviews shown first while they load, so the page below stays put', async () => {
  const reviews = Array.from({ length: 8 }, (_, i) => ({
    _id: `r${i}`,
    customerName: `Customer ${i}`,
    opinion: `Opinion ${i}`,
    rating: 4,
    verifiedBuyer: false,
  }));
  network.on('GET', '/reviews', reviews);
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  const placeholders = screen.getByLabelText('Loading reviews').querySelectorAll('li');
  await screen.findByText('Opinion 0');
  expect(placeholders).toHaveLength(screen.getAllByRole('listitem').length);
});
