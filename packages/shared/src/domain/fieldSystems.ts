/**
 * The field systems of the /fs page (decision 0096): every fan controller in the fleet — the spec's
 * field controllers (doc 1 §7 "Field controllers", the /fc calls) — with its owner, channels, the
 * storages it serves, its link and firmware, filtered the way an operator looks for trouble.
 */

export const FIELD_SYSTEM_STATUSES = ['online', 'offline', 'never'] as const;
export type FieldSystemStatus = (typeof FIELD_SYSTEM_STATUSES)[number];

/** As the fans feature counts a controller offline: marked so, or silent past the limit. */
export function fieldSystemStatus(
  c: { lastPollTs: number | null; offline: boolean },
  nowS: number,
  offlineAfterS: number,
): FieldSystemStatus {
  if (c.lastPollTs === null) return 'never';
  return c.offline || nowS - c.lastPollTs > offlineAfterS ? 'offline' : 'online';
}

/** What the list can be narrowed by; every field optional, all given ones must hold. */
export interface FieldSystemFilter {
  /** Part of the controller's id or name, or of its owner's username or name (any case). */
  q?: string;
  type?: string;
  status?: FieldSystemStatus;
  /** Part of the firmware it reported (any case); `none` for controllers that reported none. */
  firmware?: string;
  /** true: at least one channel serves a storage; false: none does. */
  inUse?: boolean;
}

export interface FieldSystemFacts {
  id: string;
  name: string | null;
  type: string;
  owner: string;
  ownerName: string;
  firmware: string | null;
  status: FieldSystemStatus;
  channelsInUse: number;
}

const has = (text: string | null, part: string) => text !== null && text.toLowerCase().includes(part);

export function matchesFieldSystem(s: FieldSystemFacts, f: FieldSystemFilter): boolean {
  const q = f.q?.trim().toLowerCase();
  if (q && !(has(s.id, q) || has(s.name, q) || has(s.owner, q) || has(s.ownerName, q))) return false;
  if (f.type && s.type !== f.type) return false;
  if (f.status && s.status !== f.status) return false;
  const fw = f.firmware?.trim().toLowerCase();
  if (fw && !(fw === 'none' ? s.firmware === null : has(s.firmware, fw))) return false;
  if (f.inUse !== undefined && s.channelsInUse > 0 !== f.inUse) return false;
  return true;
}
