/**
 * Keeps a record per signed-in user (created on their first authenticated request, whatever it
 * asks for). Provided by the users module, so auth/ does not depend on users/.
 */
export abstract class UserRecords {
  abstract ensureUser(email: string, name: string): Promise<void>;
}
