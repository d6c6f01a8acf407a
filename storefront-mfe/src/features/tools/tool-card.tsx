import { Link } from 'react-router';
import { buttonClassName } from '@toolshop/ui';
import { formatCount, formatDollars, packSizeOf, type Tool } from '@toolshop/contracts';
import { ToolImage } from './tool-image';
import surface from '../../components/surface.module.css';
import styles from './tool-card.module.css';

export function ToolCard({ tool }: { tool: Tool }) {
  const nameId = `tool-${tool._id}-name`;
  const inStock = tool.available >= tool.minOrder;
  // The lowest unit price of the quantity tiers (their prices never rise), else the one price.
  const lowestPrice = tool.priceTiers?.at(-1)?.price;
  const pack = packSizeOf(tool);
  return (
    <article className={`${surface.card} ${styles.card}`} aria-labelledby={nameId}>
      <div className={styles.media}>
        <ToolImage src={tool.img} alt={tool.name} />
      </div>
      <div className={styles.body}>
        {/* Styled by position (tool-card.module.css): no class names on the home page's JS budget. */}
        <h3 id={nameId}>{tool.name}</h3>
        {tool.sku && <p>SKU {tool.sku}</p>}
        <p>{tool.shortDescription}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Minimum order</dt>
            <dd>
              {formatCount(tool.minOrder)}
              {pack > 1 && <span className={styles.pack}> · packs of {formatCount(pack)}</span>}
            </dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd className={inStock ? undefined : styles.low}>{formatCount(tool.available)}</dd>
          </div>
        </dl>
        <div className={styles.footer}>
          <p className={styles.price}>
            {lowestPrice !== undefined && <span className={styles.unit}>from </span>}
            {formatDollars(lowestPrice ?? tool.price)}
            <span className={styles.unit}> / unit</span>
          </p>
          <Link
            className={buttonClassName('primary')}
            to={`/tools/${tool._id}`}
            aria-describedby={nameId}
          >
            Buy Now
          </Link>
        </div>
      </div>
    </article>
  );
}
