import type { Tool } from '@toolshop/contracts';

/** The cordless drill of the unit tests: sold by the unit, 10 at least, 40 in stock, $120. */
export const cordlessDrill: Tool = {
  _id: 'drill-1',
  name: 'Cordless drill',
  img: '/drill.webp',
  shortDescription: '18 V',
  minOrder: 10,
  available: 40,
  price: 120,
};
