import { orderNumbers } from './001-order-numbers';
import { productSkus } from './002-product-skus';
import { orderStates } from './003-order-states';
import { refundsInParts } from './004-refunds-in-parts';
import type { Migration } from './migration';

/** Every data migration, oldest first. Append only: a released one is never edited or removed. */
export const MIGRATIONS: readonly Migration[] = [
  orderNumbers,
  productSkus,
  orderStates,
  refundsInParts,
];
