export {
  useAuth,
  getAccessToken,
  ACCESS_TOKEN_KEY,
  type AuthState,
  type AuthStatus,
  type AuthUser,
} from './auth-store';
export { api, type ApiOptions, type Page } from './api-client';
export { ApiError } from './api-error';
export { serviceRequest, type ServiceRequest, type ShopService } from './service-request';
export {
  ServerDataProvider,
  createQueryClient,
  queryClient,
  type ServerDataMutationMeta,
} from './server-data';
export {
  initAuth,
  signInWithPassword,
  signUp,
  requestPasswordReset,
  completePasswordReset,
  changePassword,
  signInWithSignupTicket,
  signInWithGoogle,
  completeRedirectSignIn,
  signOut,
} from './session';
export {
  getRuntimeConfig,
  setRuntimeConfig,
  loadRuntimeConfig,
  defaultRuntimeConfig,
  type RuntimeConfig,
} from './runtime-config';
export { setNavigate } from './navigation';
export { CALLBACK_PATH } from './user-manager';
