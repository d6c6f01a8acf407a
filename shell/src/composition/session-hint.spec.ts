/** @jest-environment jsdom */
import { useAuth } from '@toolshop/auth';
import { keepSessionHint, SESSION_HINT_COOKIE } from './session-hint';

const hint = () =>
  document.cookie.split('; ').find((part) => part.startsWith(`${SESSION_HINT_COOKIE}=`));

it('sets the session hint on sign-in and removes it on sign-out, never while the session loads', () => {
  useAuth.setState({ status: 'loading' });
  keepSessionHint();
  expect(hint()).toBeUndefined();
  useAuth.setState({ status: 'signedIn' });
  expect(hint()).toBe(`${SESSION_HINT_COOKIE}=1`);
  useAuth.setState({ status: 'loading' });
  expect(hint()).toBe(`${SESSION_HINT_COOKIE}=1`);
  useAuth.setState({ status: 'signedOut' });
  expect(hint()).toBeUndefined();
});
