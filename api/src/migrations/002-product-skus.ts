import { backfillSkus } from '../tools/sku';
import type { Db, Migration } from './migration';

/**
 * Products saved before SKUs get a generated one (the first letters of their name and the end of
 * their id, e.g. "CDD-3F2A1C") and the lower-case name the typeahead looks up; see backfillSkus.
 */
export const productSkus: Migration = {
  id: '002-product-skus',
  description: 'existing products get a generated SKU and their typeahead key',
  async up(db: Db) {
    await backfillSkus(db.collection('tools'));
  },
};
