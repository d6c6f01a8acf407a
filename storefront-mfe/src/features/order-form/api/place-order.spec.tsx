import { act, renderHook } from '@testing-library/react';
import { ApiError, api } from '@toolshop/auth';
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
const keySent = (call: number) =>
  (post.mock.calls[call]![2] as { headers: Record<string, string> }).headers['Idempotency-Key'];

it('sends one Idempotency-Key per order attempt: kept when no answer came, new once the API answered', async () => {
  const { result } = renderHook(() => usePlaceOrder(), { wrapper: createServerDataWrapper() });
  const send = () => act(() => result.current.mutateAsync(order).catch(() => undefined));

  post.mockRejectedValueOnce(new TypeError('Failed to fetch')); // timed out: the order may exist
  await send();
  post.mockResolvedValueOnce({ acknowledged: true, insertedId: 'o1' }); // the retry
  await send();
  post.mockRejectedValueOnce(new ApiError(409, 'enter valid quantity')); // "Place another order"
  await send();
  post.mockResolvedValueOnce({ acknowledged: true, insertedId: 'o2' }); // changed and sent again
  await send();

  expect(keySent(0)).toMatch(/^order-[0-9a-f-]{36}$/);
  expect(keySent(1)).toBe(keySent(0));
  expect(keySent(2)).not.toBe(keySent(1));
  expect(keySent(3)).not.toBe(keySent(2));
  expect(post.mock.calls.map((call) => call[0])).toEqual(Array(4).fill('/orders'));
});
