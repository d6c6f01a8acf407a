// The real auth library in unit tests, signed in as a fake user over the fake network: specs
// fake what the browser would meet (the servers' answers), never the library itself.
import { ACCESS_TOKEN_KEY, setSignedIn, setSignedOut, useAuth } from '../auth-store';
import { setNavigate } from '../navigation';
import { setRuntimeConfig } from '../runtime-config';
import { FakeNetwork } from './fake-network';

export const fakeUrls = {
  apiUrl: 'http://api.test',
  authority: 'http://id.test',
  registryUrl: 'http://registry.test',
} as const;

export interface FakeUser {
  email: string;
  displayName: string;
  /** An admin of the shop (GET /admin/{email} answers so too). */
  admin?: boolean;
  /** The access token sent as `Authorization: Bearer <token>`. */
  token?: string;
}

export const fakeCustomer: FakeUser = { email: 'ada@example.com', displayName: 'Ada Lovelace' };
export const fakeAdmin: FakeUser = {
  email: 'grace@example.com',
  displayName: 'Grace Hopper',
  admin: true,
};

/** The one fake network of a test file; `useFakeShop()` installs it as `fetch`. */
export const network = new FakeNetwork();

/** What the library did to the page: paths it navigated to, files it saved (their names). */
export const browser = { visited: [] as string[], saved: [] as string[] };

/** jsdom neither makes blob URLs nor saves a clicked download link: record the file instead. */
function fakeDownloads(): () => void {
  const { createObjectURL, revokeObjectURL } = URL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = () => 'blob:fake';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function saveOrFollow(this: HTMLAnchorElement) {
    if (this.download) browser.saved.push(this.download);
    else click.call(this);
  };
  return () => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    HTMLAnchorElement.prototype.click = click;
  };
}

/** Signs `user` in as the library would after a sign-in (token stored, admin check answered). */
export function signInAs(user: FakeUser | 'customer' | 'admin' = 'customer'): FakeUser {
  const who = user === 'customer' ? fakeCustomer : user === 'admin' ? fakeAdmin : user;
  setSignedIn(
    { email: who.email, displayName: who.displayName },
    who.token ?? `token-of-${who.email}`,
  );
  useAuth.setState({ isAdmin: who.admin === true, adminChecked: true });
  network.on('GET', `/admin/${encodeURIComponent(who.email)}`, { admin: who.admin === true });
  return who;
}

export function signOutFake(): void {
  setSignedOut();
}

/**
 * For a spec file: before each test, the runtime config points at the fake services, the network
 * is empty (any request answers 404), `user` is signed in (`null`: signed out), navigations and
 * saved files are recorded in `browser`; after it, the real `fetch` is back.
 */
export function useFakeShop({
  user = 'customer',
}: { user?: FakeUser | 'customer' | 'admin' | null } = {}): FakeNetwork {
  let realFetch: typeof fetch | undefined;
  let realDownloads = () => {};
  beforeEach(() => {
    realFetch = globalThis.fetch;
    globalThis.fetch = network.fetch as typeof fetch;
    if (typeof HTMLAnchorElement !== 'undefined') realDownloads = fakeDownloads();
    network.reset();
    browser.visited = [];
    browser.saved = [];
    setNavigate((path) => browser.visited.push(path));
    setRuntimeConfig(fakeUrls);
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    if (user) signInAs(user);
    else setSignedOut();
  });
  afterEach(() => {
    globalThis.fetch = realFetch as typeof fetch;
    realDownloads();
  });
  return network;
}
