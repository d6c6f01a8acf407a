import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingGroup, PageTitle, Skeleton } from '@toolshop/ui';
import { CardPayment } from '../features/payment/card-payment';
import { OrderSummary } from '../features/payment/order-summary';
import { PaymentSuccess, type PaymentResult } from '../features/payment/payment-success';
import { usePayableOrder } from '../features/payment/api/payable-order';
import { usePaymentsConfig } from '../features/payment/api/payments-config';
import summaryStyles from '../features/payment/payment.module.css';
import styles from './page.module.css';

/**
 * /dashboard/payment/{id}: the order's summary and the card form of the configured provider; once
 * paid, the result comes first (before the summary on a phone) with the ways on.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const order = usePayableOrder(id);
  const config = usePaymentsConfig();
  const [justPaid, setJustPaid] = useState<PaymentResult>();
  const failed = order.error ?? config.error;
  const paidBefore =
    !justPaid && order.data?.paid && order.data.transactionId
      ? { transactionId: order.data.transactionId }
      : undefined;
  const result = justPaid ?? paidBefore;

  return (
    <div className={styles.page}>
      <PageTitle documentTitle="Payment">Pay for an order</PageTitle>
      {failed ? (
        <ErrorState
          title="This payment cannot be shown"
          onRetry={() => {
            void order.refetch();
            void config.refetch();
          }}
        >
          {failed.message}
        </ErrorState>
      ) : !order.data || !config.data ? (
        <LoadingGroup label="Loading the order" className={summaryStyles.layout}>
          <Skeleton height="14rem" />
          <Skeleton height="14rem" />
        </LoadingGroup>
      ) : (
        <>
          {result && (
            <PaymentSuccess orderId={order.data._id} justPaid={Boolean(justPaid)} {...result} />
          )}
          <div className={summaryStyles.layout}>
            <OrderSummary order={order.data} />
            {/* Kept after paying, its button disabled ("Paid"), as SPEC §7 says. */}
            {(!order.data.paid || justPaid) && (
              <CardPayment order={order.data} config={config.data} onPaid={setJustPaid} />
            )}
          </div>
        </>
      )}
    </div>
  );
}
