// GET /tools/lookup?q: the products whose SKU or name starts with the text (the price list's picker).
import { api } from '@toolshop/auth';

export interface ProductMatch {
  _id: string;
  name: string;
  sku?: string;
}

export const lookUpProducts = (text: string) =>
  api.get<ProductMatch[]>(`/tools/lookup?q=${encodeURIComponent(text)}&limit=8`);
