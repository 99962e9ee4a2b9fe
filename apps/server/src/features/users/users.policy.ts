import { refuse, type Verdict, type Who } from '../../http/access/index.js';

/**
 * Whose look-and-feel preferences a caller saves: its own; staff a customer's too (support sets a
 * customer's language or units on the phone). Pure; its table is
 * apps/server/test/policies/users.policy.test.ts.
 */
export function maySaveAnothersPreferences(who: Who): Verdict {
  return who.staff !== null ? true : refuse('You may only change your own preferences.');
}
