import {
  CompanyPriceMessages,
  formatDollars,
  formatUnits,
  packSizeOf,
  type Tool,
} from '@toolshop/contracts';
import { visuallyHidden } from '@toolshop/ui';
import { useMemberPrice } from '../../lib/member-price';
import { ToolImage } from './tool-image';
import styles from './tool-details.module.css';

/** The product half of the detail page: photo, description and the numbers that matter. */
export function ToolDetails({ tool }: { tool: Tool }) {
  const pack = packSizeOf(tool);
  const lowest = tool.priceTiers?.at(-1);
  // A company member's own price, shown as such beside the struck-through list price.
  const companyPrice = useMemberPrice(tool._id).data?.companyPrice;
  const ownPrice =
    companyPrice !== undefined && companyPrice < tool.price ? companyPrice : undefined;
  return (
    <article className={styles.details} aria-labelledby="tool-name">
      <div className={styles.media}>
        <ToolImage src={tool.img} alt={tool.name} eager />
      </div>
      <div>
        <h1 id="tool-name" className={styles.name}>
          {tool.name}
        </h1>
        {ownPrice === undefined ? (
          <p className={styles.price}>
            {formatDollars(tool.price)}
            <span className={styles.unit}> per unit</span>
          </p>
        ) : (
          <>
            <p className={styles.price}>
              <s className={styles.listPrice}>
                <span className={visuallyHidden}>List price: </span>
                {formatDollars(tool.price)}
              </s>
            </p>
            <p className={styles.companyPrice}>
              {CompanyPriceMessages.yourPrice}: {formatDollars(ownPrice)}
              <span className={styles.unit}> per unit</span>
            </p>
          </>
        )}
        {lowest && (
          <p className={styles.tiersNote}>
            Down to {formatDollars(lowest.price)} per unit from {formatUnits(lowest.minQuantity)}
          </p>
        )}
        <p className={styles.description}>{tool.shortDescription}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Minimum order</dt>
            <dd>{formatUnits(tool.minOrder)}</dd>
          </div>
          <div>
            <dt>Available</dt>
            <dd data-testid="tool-available">{formatUnits(tool.available)}</dd>
          </div>
          {pack > 1 && (
            <div>
              <dt>Pack size</dt>
              <dd>{formatUnits(pack)}</dd>
            </div>
          )}
          {tool.sku && (
            <div>
              <dt>SKU</dt>
              <dd>{tool.sku}</dd>
            </div>
          )}
        </dl>
      </div>
    </article>
  );
}
