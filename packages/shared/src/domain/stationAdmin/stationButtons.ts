/**
 * When the base-station settings offer Remove BS and Merge account (spec doc 2 §6; decision 0094).
 * Pure: the web shows the buttons with it and the server refuses what the button would not offer.
 */

/** Spec doc 2 §6: "Remove BS shown for multi-base-station accounts with no probe config". */
export function mayRemoveStation(s: { accountStations: number; probes: number }): boolean {
  return s.accountStations > 1 && s.probes === 0;
}

/**
 * Spec doc 2 §6: "Merge account shown only for non-Gari/Haytech users whose base station id starts
 * with F". The merge itself is the console's second part (issue 31).
 */
export function mayOfferMerge(s: { partnerApp: string | null; bsId: string }): boolean {
  return s.partnerApp === null && s.bsId.startsWith('F');
}
