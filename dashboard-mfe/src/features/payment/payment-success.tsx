import { Messages } from '@toolshop/contracts';
import styles from './payment.module.css';

/** SPEC §8: the success message, shown with the transaction id. */
export function PaymentSuccess({ transactionId, note }: { transactionId: string; note?: string }) {
  return (
    <div role="status" className={styles.success}>
      <p className={styles.successTitle}>{Messages.paymentCompleted}</p>
      <p>
        Your transaction id: <code className={styles.transaction}>{transactionId}</code>
      </p>
      {note && <p>{note}</p>}
    </div>
  );
}
