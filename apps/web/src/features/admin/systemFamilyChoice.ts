import { SYSTEM_FAMILIES, type SystemFamily } from '@emberwatch/shared/domain/adminConsole';

/** The admin bar's family radio, kept for the tab's session like the chosen customer (decision 0088). */
export const SYSTEM_FAMILY_KEY = 'emberwatch.adminFamily';

export function storedSystemFamily(): SystemFamily {
  try {
    const raw = sessionStorage.getItem(SYSTEM_FAMILY_KEY);
    return SYSTEM_FAMILIES.includes(raw as SystemFamily) ? (raw as SystemFamily) : 'main';
  } catch {
    return 'main';
  }
}

export function storeSystemFamily(family: SystemFamily): void {
  try {
    sessionStorage.setItem(SYSTEM_FAMILY_KEY, family);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the bar.
  }
}
