import { randomUUID } from 'node:crypto';
import type { UserRow } from '../users/index.js';

/**
 * How a sub-user without a login is kept in `users`, whose username and password hash are required
 * (decision 0036). The sessions feature is left as it is and still refuses such a user, because:
 *
 * - its password hash is not a hash: argon2 cannot verify anything against it, so no password logs in;
 * - until login is first enabled its username is a placeholder starting with "_", which the spec's
 *   username rule forbids (doc 2 §5), so nobody can choose it, and it is never shown.
 */
export const LOGIN_DISABLED_HASH = '!login-disabled';
const PLACEHOLDER_PREFIX = '_sub.';

export function placeholderUsername(): string {
  return `${PLACEHOLDER_PREFIX}${randomUUID()}`;
}

export function isPlaceholderUsername(username: string): boolean {
  return username.startsWith(PLACEHOLDER_PREFIX);
}

export function loginEnabledOf(user: Pick<UserRow, 'username' | 'password_hash'>): boolean {
  return !isPlaceholderUsername(user.username) && user.password_hash !== LOGIN_DISABLED_HASH;
}
