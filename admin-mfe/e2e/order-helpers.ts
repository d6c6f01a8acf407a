// Orders in a known state for the admin browser tests, placed and paid through the API the way the
// storefront and the payment page do (offline test payment provider).
import type { placeOrder } from '@toolshop/devstack/e2e';

// placePaidOrder is shared with the dashboard's browser tests (invoices): it lives in the fixtures.
export { placeOrder, placePaidOrder } from '@toolshop/devstack/e2e';

export type PlacedOrder = Awaited<ReturnType<typeof placeOrder>>;
