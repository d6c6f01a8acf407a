import { render, screen } from '@testing-library/react';
import { api } from '@toolshop/auth';
import { createServerDataWrapper } from '@toolshop/auth/testing';
import { ReviewList } from './review-list';

jest.mock('@toolshop/auth', () => ({ api: { get: jest.fn() } }));

const get = jest.mocked(api.get);

it('shows "Verified buyer" on the reviews of customers with a paid order only', async () => {
  get.mockResolvedValue([
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
  expect(get).toHaveBeenCalledWith('/reviews', expect.anything());
});
