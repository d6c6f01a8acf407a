/** The caller, as proven by a verified access token. */
export interface AuthUser {
  sub: string;
  /** Normalised (NFKC, lower case); the key of the user's records. */
  email: string;
  name: string;
  /** The provider has proven the caller controls the address; admin rights require it. */
  emailVerified: boolean;
}
