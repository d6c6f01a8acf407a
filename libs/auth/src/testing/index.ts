// `@toolshop/auth/testing`: unit tests run the real library over a fake network (no jest.mock of
// '@toolshop/auth'), each render with a fresh QueryClient.
export { createServerDataWrapper } from './server-data-wrapper';
export {
  FakeNetwork,
  apiError,
  listPage,
  pending,
  reply,
  unreachable,
  type FakeAnswer,
  type FakeRequest,
  type FakeService,
} from './fake-network';
export {
  browser,
  fakeAdmin,
  fakeCustomer,
  fakeUrls,
  network,
  signInAs,
  signOutFake,
  useFakeShop,
  type FakeUser,
} from './fake-shop';
