import type { AuthUser } from '../auth/auth-user';

/**
 * Who holds the admin role: provided by the users module, so access rules can ask without
 * access/ depending on users/ (users/ uses these rules on its own routes).
 */
export abstract class AdminDirectory {
  abstract isAdmin(email: string): Promise<boolean>;
}

/** Admin rights: the admin role on a verified email (an unproven address proves nothing). */
export async function hasAdminRights(
  directory: AdminDirectory,
  caller: AuthUser,
): Promise<boolean> {
  return caller.emailVerified && (await directory.isAdmin(caller.email));
}
