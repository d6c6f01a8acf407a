/** The caller, as proven by a verified access token. */
export interface AuthUser {
  sub: string;
  /** Lower-cased; the key of the user's records. */
  email: string;
  name: string;
}
