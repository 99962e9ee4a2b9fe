/**
 * Looks at a customer's data are coalesced (decision 0089): one entry per staff member × customer ×
 * call per window, the first look of it. A page that refetches every minute, or the ten calls one
 * admin view makes, do not flood the trail, and the trail still shows who looked at whom, through
 * which call, and when they began.
 */
export const LOOK_WINDOW_S = 600;

export function lookKey(staffId: number, accountId: number, path: string): string {
  return `${staffId}:${accountId}:${path}`;
}

/** Whether a look now repeats one recorded at `lastS` (undefined: none) within the window. */
export function isRepeatLook(lastS: number | undefined, nowS: number, windowS: number): boolean {
  return lastS !== undefined && nowS - lastS < windowS && nowS >= lastS;
}
