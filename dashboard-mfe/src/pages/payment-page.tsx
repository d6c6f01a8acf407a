import { Link, useParams } from 'react-router-dom';
import { ErrorState, PageTitle, Skeleton } from '@toolshop/ui';
import { CardPayment } from '../features/payment/card-payment';
import { OrderSummary } from '../features/payment/order-summary';
import { usePayableOrder } from '../features/payment/api/payable-order';
import { usePaymentsConfig } from '../features/payment/api/payments-config';
import summaryStyles from '../features/payment/payment.module.css';
import styles from './page.module.css';

/** /dashboard/payment/{id}: the order's summary and the card form of the configured provider. */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const order = usePayableOrder(id);
  const config = usePaymentsConfig();
  const failed = order.error ?? config.error;

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
        <div className={summaryStyles.layout} aria-busy="true" aria-label="Loading the order">
          <Skeleton height="14rem" />
          <Skeleton height="14rem" />
        </div>
      ) : (
        <div className={summaryStyles.layout}>
          <OrderSummary order={order.data} />
          {order.data.paid ? (
            <section className={summaryStyles.payment} aria-label="Payment">
              <p role="status">
                This order is paid. Transaction id: <code>{order.data.transactionId}</code>
              </p>
              <Link to="/dashboard/myOrders">Back to my orders</Link>
            </section>
          ) : (
            <CardPayment order={order.data} config={config.data} />
          )}
        </div>
      )}
    </div>
  );
}
