import type { Who } from '../../http/access/index.js';

/**
 * Whose stations the station list shows (spec doc 3 §6): staff who name no account see every station
 * (the console's view, up to a limit); everyone else, and staff naming an account, see the stations of
 * that account they may see. Pure; its table is apps/server/test/policies/baseStations.policy.test.ts.
 */
export function listsEveryStation(who: Who, named: { uid: number | undefined }): boolean {
  return who.staff !== null && named.uid === undefined;
}
