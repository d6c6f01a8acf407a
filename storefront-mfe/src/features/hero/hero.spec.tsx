import { fireEvent, render, screen } from '@testing-library/react';
import { Hero } from './hero';

function renderWithReviews() {
  render(
    <>
      <Hero />
      <section id="reviews" tabIndex={-1}>
        Reviews
      </section>
    </>,
  );
  const reviews = document.getElementById('reviews')!;
  reviews.scrollIntoView = jest.fn();
  return reviews;
}

it('scrolls to the reviews section and moves focus there', () => {
  const reviews = renderWithReviews();
  const link = screen.getByRole('link', { name: 'Read customer reviews' });
  expect(link.getAttribute('href')).toBe('#reviews');
  fireEvent.click(link);

  expect(reviews.scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
  expect(document.activeElement).toBe(reviews);
});

it('lands on the section again when the smooth scroll ends, as content above may have moved it', () => {
  const reviews = renderWithReviews();
  fireEvent.click(screen.getByRole('link', { name: 'Read customer reviews' }));
  expect(reviews.scrollIntoView).toHaveBeenCalledTimes(1);

  fireEvent(window, new Event('scrollend'));
  expect(reviews.scrollIntoView).toHaveBeenCalledTimes(2);
  expect(reviews.scrollIntoView).toHaveBeenLastCalledWith({ block: 'start' });

  fireEvent(window, new Event('scrollend'));
  expect(reviews.scrollIntoView).toHaveBeenCalledTimes(2);
});

it('leaves the scrolling to a visitor who takes it over', () => {
  const reviews = renderWithReviews();
  fireEvent.click(screen.getByRole('link', { name: 'Read customer reviews' }));
  fireEvent.wheel(window);
  fireEvent(window, new Event('scrollend'));
  expect(reviews.scrollIntoView).toHaveBeenCalledTimes(1);
});
