import { fireEvent, render, screen } from '@testing-library/react';
import { Hero } from './hero';

it('scrolls to the reviews section and moves focus there', () => {
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

  const link = screen.getByRole('link', { name: 'Read customer reviews' });
  expect(link.getAttribute('href')).toBe('#reviews');
  fireEvent.click(link);

  expect(reviews.scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
  expect(document.activeElement).toBe(reviews);
});
