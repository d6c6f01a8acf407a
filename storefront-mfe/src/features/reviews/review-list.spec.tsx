import { fireEvent, render, screen } from '@testing-library/react';
import {
  createServerDataWrapper,
  listPage,
  pending,
  unreachable,
  useFakeShop,
  type FakeAnswer,
} from '@toolshop/auth/testing';
import { LIST_MAX_LIMIT } from '@toolshop/contracts';
import { ReviewList } from './review-list';

const network = useFakeShop({ user: null });
const FIRST = '/reviews?limit=6&page=1';
const NEWEST = `/reviews?limit=${LIST_MAX_LIMIT}&page=1`;

const reviewsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    _id: `r${i}`,
    customerName: `Customer ${i}`,
    opinion: `Opinion ${i}`,
    rating: 4,
    verifiedBuyer: false,
  }));

/** A shop of `total` reviews, as the API answers the first page and the newest ones. */
function shopWithReviews(total: number) {
  const reviews = reviewsOf(Math.min(total, LIST_MAX_LIMIT));
  network.on('GET', FIRST, listPage(reviews.slice(0, 6), total));
  network.on('GET', NEWEST, reviews);
}

it('shows "Verified buyer" on the reviews of customers with a paid order only', async () => {
  network.on(
    'GET',
    FIRST,
    listPage([
      { _id: 'r1', customerName: 'Ada', opinion: 'Bought two', rating: 5, verifiedBuyer: true },
      { _id: 'r2', customerName: 'Bob', opinion: 'Just looking', rating: 3, verifiedBuyer: false },
    ]),
  );
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  const verified = (await screen.findByText('Bought two')).closest('li');
  const other = screen.getByText('Just looking').closest('li');
  expect(verified?.textContent).toContain('Ada');
  expect(verified?.textContent).toContain('Verified buyer');
  expect(other?.textContent).toContain('Bob');
  expect(other?.textContent).not.toContain('Verified buyer');
  expect(network.requests('GET', '/reviews')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: /^Show / })).toBeNull();
});

it('reads the newest six, and the others only when asked for', async () => {
  shopWithReviews(8);
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  await screen.findByText('Opinion 5');
  expect(screen.queryByText('Opinion 6')).toBeNull();
  expect(network.requests('GET', '/reviews').map((request) => request.path)).toEqual([FIRST]);
  fireEvent.click(screen.getByRole('button', { name: 'Show all 8 reviews' }));
  expect(await screen.findByText('Opinion 7')).toBeTruthy();
  expect(network.requests('GET', NEWEST)).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Show fewer reviews' }));
  expect(screen.queryByText('Opinion 6')).toBeNull();
});

/** The home page's reviews, with "Show all 8 reviews" clicked while the rest answer `answer`. */
async function askForTheRest(answer: FakeAnswer) {
  shopWithReviews(8);
  network.on('GET', NEWEST, answer);
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  fireEvent.click(await screen.findByRole('button', { name: 'Show all 8 reviews' }));
}

it('says the others are on their way while they load', async () => {
  await askForTheRest(pending());
  const button = await screen.findByRole('button', { name: 'Loading the reviews…' });
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(screen.getByText('Opinion 5')).toBeTruthy();
});

it('keeps the first six when the others cannot be loaded, and offers to try again', async () => {
  await askForTheRest(unreachable());
  expect(await screen.findByText('The other reviews could not be loaded')).toBeTruthy();
  expect(screen.getByText('Opinion 5')).toBeTruthy();
  shopWithReviews(8);
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Opinion 7')).toBeTruthy();
});

it('does not call more reviews than the API answers all of them', async () => {
  shopWithReviews(19_793);
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  expect(
    await screen.findByRole('button', { name: `Show the newest ${LIST_MAX_LIMIT} reviews` }),
  ).toBeTruthy();
});

it('holds the place of the reviews shown first while they load, so the page below stays put', async () => {
  shopWithReviews(8);
  render(<ReviewList />, { wrapper: createServerDataWrapper() });
  const placeholders = screen.getByLabelText('Loading reviews').querySelectorAll('li');
  await screen.findByText('Opinion 0');
  expect(placeholders).toHaveLength(screen.getAllByRole('listitem').length);
});
