import { act, renderHook } from '@testing-library/react';
import { api } from '@toolshop/auth';
import { createServerDataWrapper } from '@toolshop/auth/testing';
import type { NewOrder } from '@toolshop/contracts';
import { usePlaceOrder } from './place-order';

jest.mock('@toolshop/auth', () => jest.requireActual('../../../testing/auth-mock'));

const post = api.post as jest.Mock;
const order: NewOrder = {
  toolId: 'drill-1',
  userName: 'Ada',
  address: '1 Main St',
  phone: '555 0100',
  orderQuantity: 10,
};

// One key per attempt (kept after no answer, new after one) is the API client's; see its spec.
it('sends the order as an idempotent call, so a retry after no answer places it at most once', async () => {
  const { result } = renderHook(() => usePlaceOrder(), { wrapper: createServerDataWrapper() });
  post.mockResolvedValueOnce({ acknowledged: true, insertedId: 'o1' });
  await act(() => result.current.mutateAsync(order));
  expect(post).toHaveBeenCalledWith('/orders', order, { idempotent: true });
});
