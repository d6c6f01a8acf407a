import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@toolshop/contracts';

/** The one toast container of the shop, loaded once some code has loaded react-toastify (AppLayout). */
export default function Toasts() {
  // At the bottom: a toast covers neither the navbar's account controls nor a page's heading.
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="bottom-right" />;
}
