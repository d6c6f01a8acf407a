import type { PriceTier } from '@toolshop/contracts';

/** The example breaks after a $129 base price: 50–199 at $119, 200+ at $109. */
export const EXAMPLE_TIERS: PriceTier[] = [
  { minQuantity: 50, price: 119 },
  { minQuantity: 200, price: 109 },
];
