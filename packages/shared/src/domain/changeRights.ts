import type { RoleContext } from './roles.js';

/**
 * What a user may change in the stations and probes they see (docs/decisions/0014-sub-user-rights.md;
 * every write call's rights, by role, in writeRights.ts and docs/roles.md).
 * Pure and shared: the server enforces it in one place (AccessService.assertMayChange) and the web app
 * hides what it forbids. Admin-only probe settings (measurement interval, receiving time) are in
 * probeProperties.ts.
 */
export const ACCOUNT_CHANGES = [
  'renameProbe',
  'correctProbe',
  'toggleProbes',
  'transferProbes',
  'editStation',
  // Storages (spec doc 3 §6): their layouts and the probes placed in them, and deleting one.
  'editStorage',
  'removeStorage',
  // Issue 28: what a storage's alerts reach and watch with — its alert messaging (channels,
  // recipients, voice hours and limit, Sentinel) and its monitor — apart from its layout.
  'editStorageAlerts',
  // Issue 28: a station's site plan (spec doc 3 §6 "Edit site is for non-master users or grand master").
  'editSite',
  // Monitors and their rules (spec doc 3 §6: masters read-only, grand masters change).
  'editMonitor',
  // Issue 27: how long a silent station or probe waits before it is a data break (decision 0071).
  'editDataBreaks',
  // Ours (issue 11): saying "seen, on it" to a current alert, with a note.
  'acknowledgeAlert',
  // Spec doc 3 §4 "Alert reset" of selected relative alerts (§6: disabled for read-only masters).
  'resetAlert',
] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

export type ChangeRightsContext = Pick<RoleContext, 'admin' | 'master' | 'grandMaster' | 'subUser'>;

export function mayChange(ctx: ChangeRightsContext, change: AccountChange): boolean {
  // Spec doc 2 §4: masters never rename probes. Doc 1 §2, doc 3 §6: a master who is not a grand
  // master only looks at the stations that authorised it; a grand master may do the rest.
  if (ctx.master) return change !== 'renameProbe' && ctx.grandMaster;
  if (ctx.admin) return true;
  // A sub-user (a farm hand) watches the account and reacts: he names the probes he places, nothing
  // that changes what the account measures or where (corrections, disabling, transfers, the
  // stations' names and time zones) — that stays with the owner. He does build the storages he
  // stacks and push probes into (docs/decisions/0019-storages-store.md), but deleting a storage
  // stays with the owner.
  // Nor does he set the alert limits that guard the account's stacks (monitors, the data-break
  // delay), nor whom a storage's alerts reach or which monitor watches it, nor where the storages
  // stand on the site plan (issue 28, docs/roles.md): the owner does. But he is often the one who
  // goes to the stack, so he acknowledges and resets alerts.
  if (ctx.subUser)
    return (
      change === 'renameProbe' ||
      change === 'editStorage' ||
      change === 'acknowledgeAlert' ||
      change === 'resetAlert'
    );
  return true;
}
