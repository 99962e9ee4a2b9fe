/**
 * A customer's services that staff register by hand (spec doc 1 §7 Admin GET getServices, Admin POST
 * registerService; issue 31 item 5; decision 0103): what an account is served beyond its plan and the
 * Insight service, sold by invoice or given by support, each with an optional end. Today three:
 *
 * - `storages`: the storages feature for a compost supervisor (spec doc 1 §4 "for a compost
 *   supervisor also requires storages enabled"): 1 on, 0 off;
 * - `subUsers`: how many users the account may have (spec doc 2 "subUserCount (default 2)");
 * - `limitedData`: the free, limited data tier (spec doc 2 §1 "a free or limited data tier restrict
 *   access"): 1 limited, 0 full history.
 *
 * The plan, the API plan and the Insight service have calls of their own (setPlanInfo, setInsight);
 * voice calls and Sentinel alerts too (setVoiceCalls, setSentinelAlerts).
 */
export const SERVICE_KINDS = ['storages', 'subUsers', 'limitedData'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** What an account has without a registration, and returns to when one ends. */
export const SERVICE_DEFAULTS: Record<ServiceKind, number> = {
  storages: 0,
  subUsers: 2,
  limitedData: 0,
};

/** The values a registration may give (inclusive). */
export const SERVICE_LIMITS: Record<ServiceKind, { min: number; max: number }> = {
  storages: { min: 0, max: 1 },
  subUsers: { min: 0, max: 50 },
  limitedData: { min: 0, max: 1 },
};

/** The longest a registration may run: five years. */
export const MAX_SERVICE_SPAN_S = 5 * 365 * 86_400;

export const SERVICE_MESSAGES = {
  value: 'The value is out of range for this service.',
  untilPast: 'The end date must be in the future.',
  untilFar: 'The end date may be at most five years away.',
} as const;

export type ServiceProblem = keyof typeof SERVICE_MESSAGES;

/** Why a registration cannot be made, or null. `untilTs` null: no end. */
export function serviceProblem(
  kind: ServiceKind,
  value: number,
  untilTs: number | null,
  nowS: number,
): ServiceProblem | null {
  const { min, max } = SERVICE_LIMITS[kind];
  if (!Number.isInteger(value) || value < min || value > max) return 'value';
  if (untilTs !== null && untilTs <= nowS) return 'untilPast';
  if (untilTs !== null && untilTs - nowS > MAX_SERVICE_SPAN_S) return 'untilFar';
  return null;
}

/** A registration as the rules see it. */
export interface ServiceTerm {
  id: number;
  kind: ServiceKind;
  value: number;
  untilTs: number | null;
  endedTs: number | null;
}

/**
 * What a new registration of `kind` does to an account's running ones: the running one of that kind
 * (at most one) ends now, replaced; the account takes the new value.
 */
export function replacedBy(running: readonly ServiceTerm[], kind: ServiceKind): number[] {
  return running.filter((r) => r.kind === kind && r.endedTs === null).map((r) => r.id);
}

/**
 * The registrations whose end has come by `nowS`: each ends, and its account returns to the kind's
 * default (SERVICE_DEFAULTS) — a registration is what was sold or given, and nothing is left on when it
 * runs out.
 */
export function expiredTerms(
  terms: readonly ServiceTerm[],
  nowS: number,
): { id: number; kind: ServiceKind; value: number }[] {
  return terms
    .filter((r) => r.endedTs === null && r.untilTs !== null && r.untilTs <= nowS)
    .map((r) => ({ id: r.id, kind: r.kind, value: SERVICE_DEFAULTS[r.kind] }));
}
