import type { ReactNode } from 'react';
import { ProductImage } from '../image/product-image';
import styles from './table-product.module.css';

/** A product in a table cell: its thumbnail and its name. */
export function TableProduct({ img, name }: { img?: string; name: ReactNode }) {
  return (
    <span className={styles.product}>
      {img ? (
        <ProductImage className={styles.thumb} src={img} alt="" width={48} height={48} />
      ) : null}
      <span>{name}</span>
    </span>
  );
}
