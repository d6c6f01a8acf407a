import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MyReviews } from './my-reviews';

const review = {
  _id: 'r1',
  email: 'ada@example.com',
  customerName: 'Ada Lovelace',
  opinion: 'Cuts like butter',
  rating: 4,
};

describe('MyReviews', () => {
  it('lists each review with its stars, text and author', () => {
    render(<MyReviews reviews={[review]} loading={false} error={undefined} onRetry={jest.fn()} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('Cuts like butter')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('marks a review an admin hid, and one by a verified buyer; plain ones carry no mark', () => {
    render(
      <MyReviews
        reviews={[
          { ...review, _id: 'r2', opinion: 'Hidden one', hidden: true },
          { ...review, _id: 'r3', opinion: 'Bought it', verifiedBuyer: true },
          review,
        ]}
        loading={false}
        error={undefined}
        onRetry={jest.fn()}
      />,
    );
    const [hidden, verified, plain] = screen.getAllByRole('listitem');
    expect(hidden).toHaveTextContent('Hidden');
    expect(hidden).toHaveTextContent('Hidden by an admin: only you see it');
    expect(verified).toHaveTextContent('Verified buyer');
    expect(verified).not.toHaveTextContent('Hidden');
    expect(plain).not.toHaveTextContent(/Hidden|Verified buyer/);
  });

  it('says so when there are none yet', () => {
    render(<MyReviews reviews={[]} loading={false} error={undefined} onRetry={jest.fn()} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });

  it('shows placeholders while loading, then keeps the list on a reload', () => {
    const { rerender } = render(
      <MyReviews reviews={undefined} loading error={undefined} onRetry={jest.fn()} />,
    );
    expect(screen.getByLabelText('Loading your reviews')).toHaveAttribute('aria-busy', 'true');
    rerender(<MyReviews reviews={[review]} loading error={undefined} onRetry={jest.fn()} />);
    expect(screen.getByText('Cuts like butter')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const onRetry = jest.fn();
    render(
      <MyReviews reviews={undefined} loading={false} error={new Error('down')} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your reviews could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
