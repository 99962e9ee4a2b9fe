import type { Plan, Service } from '@emberwatch/shared/contracts/users';

/**
 * The Insight service as users.service_json holds it: the spec's Service fields (doc 1 §3) and when
 * the terms were accepted. The users feature's presentService reads the same JSON for user info.
 */
export interface StoredService extends Service {
  termsAcceptedTs?: number | null;
}

export function parseService(json: string | null | undefined): StoredService | null {
  if (!json) return null;
  try {
    const s = JSON.parse(json) as Partial<StoredService>;
    return {
      plan: s.plan ?? 2,
      trial: s.trial ?? 0,
      started: s.started ?? null,
      period: s.period ?? null,
      renewed: s.renewed ?? null,
      expDate: s.expDate ?? null,
      nextPayment: s.nextPayment ?? null,
      oldPlans: s.oldPlans ?? [],
      surveyCompleted: s.surveyCompleted ?? false,
      termsAcceptedTs: s.termsAcceptedTs ?? null,
    };
  } catch {
    return null;
  }
}

/** What leaves the server: the Service fields, without our bookkeeping. */
export function presentStoredService(s: StoredService): Service {
  const { termsAcceptedTs: _accepted, ...service } = s;
  return service;
}

/** A trial from `started` to `end`: trial 1, its end the next payment date (spec doc 1 §4, §9). */
export function trialService(
  base: StoredService | null,
  nowS: number,
  end: number,
  oldPlans: Plan[],
): StoredService {
  return {
    plan: 2,
    trial: 1,
    started: base?.started ?? nowS,
    period: base?.period ?? null,
    renewed: base?.renewed ?? null,
    expDate: end,
    nextPayment: { date: end, type: 'trial' },
    oldPlans: base?.oldPlans?.length ? base.oldPlans : oldPlans,
    surveyCompleted: base?.surveyCompleted ?? false,
    termsAcceptedTs: base?.termsAcceptedTs ?? null,
  };
}
