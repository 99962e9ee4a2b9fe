/**
 * News campaigns (issue 31 item 3, decision 0100): the news dialog's items an operator edits. An item
 * shows from its start (or always, without one) until its end (or for ever), to its audience.
 */

export interface CampaignSchedule {
  start_ts: number | null;
  end_ts: number | null;
}

/** Is the campaign showing at `nowS`? The start counts, the end does not. */
export function campaignLive(c: CampaignSchedule, nowS: number): boolean {
  return (c.start_ts === null || c.start_ts <= nowS) && (c.end_ts === null || nowS < c.end_ts);
}

/** The schedule's problem, or null: an end must come after the start. */
export function scheduleProblem(c: CampaignSchedule): string | null {
  if (c.start_ts !== null && c.end_ts !== null && c.end_ts <= c.start_ts)
    return 'The end of a campaign must come after its start.';
  return null;
}

/** Where the campaign stands at `nowS`, for the editor's list. */
export function campaignPhase(c: CampaignSchedule, nowS: number): 'scheduled' | 'live' | 'ended' {
  if (c.start_ts !== null && nowS < c.start_ts) return 'scheduled';
  if (c.end_ts !== null && nowS >= c.end_ts) return 'ended';
  return 'live';
}

/** Ids under this one are the product's own news (newsSeed.ts); campaigns made here start above. */
export const FIRST_CAMPAIGN_ID = 1000;
