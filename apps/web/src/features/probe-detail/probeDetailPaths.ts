import type { MenuEntry } from '@emberwatch/shared/domain/roles';

/**
 * Where the detail's back link and close control lead (spec doc 2 §2.4). Inside a storage the
 * detail belongs to /storages/{itemID}; until the storages pages exist in this build, that page
 * would be a dead end, so the link goes to the probe list instead. This is the one place that
 * decides it: once a feature declares the storages page, every link switches over. The shell
 * passes the implemented entries (useShellContext), since a feature never imports the shell.
 */
export function probeDetailBackPath(itemID: string | undefined, implemented: readonly MenuEntry[]): string {
  if (itemID !== undefined && implemented.includes('storages'))
    return `/storages/${encodeURIComponent(itemID)}`;
  return '/probes';
}

export function probeDetailPath(sensorId: string, itemID?: string): string {
  const probe = `/probes/${encodeURIComponent(sensorId)}`;
  return itemID === undefined ? probe : `/storages/${encodeURIComponent(itemID)}${probe}`;
}
