import { act, renderHook } from '@testing-library/react';
import { createServerDataWrapper, useFakeShop } from '@toolshop/auth/testing';
import type { NewOrder } from '@toolshop/contracts';
import { usePlaceOrder } from './place-order';

const network = useFakeShop();
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
  network.on('POST', '/orders', { acknowledged: true, insertedId: 'o1' });
  await act(() => result.current.mutateAsync(order));
  const sent = network.last('POST', '/orders');
  expect(sent.body).toEqual(order);
  expect(sent.headers['Idempotency-Key']).toMatch(/^attempt-/);
});
