import type { PaymentRoute } from './paymentRoute';
import type { UpgradeInfo } from '@emberwatch/shared/contracts/payments';

/** One line of the order the dialog offers, with what the calls send for it. */
export interface OfferedLine {
  key: string;
  kind: 'plan' | 'upgrade' | 'sim' | 'service' | 'api';
  price: number;
  months: number;
  /** yyyyMMdd of the new expiry. */
  exp: string;
  planName?: string;
  bsId?: string;
}

const priceOf = (info: UpgradeInfo, name: OfferedLine['kind']) => info.prices.find((p) => p.name === name);

/**
 * What the route offers the account now (spec doc 2 §2.8, §4): the plan's renewal (or a Free plan's
 * upgrade), the SIMs within two months of expiry, the API plan (migration 0037), or the Insight service's renewal (the plan's for an
 * account without the service: the plan reminder links there). Empty: the "renewal unavailable" screen.
 */
export function offeredLines(info: UpgradeInfo, route: PaymentRoute): OfferedLine[] {
  const plan = priceOf(info, 'plan');
  const upgrade = priceOf(info, 'upgrade');
  const upgradeLine = (): OfferedLine[] =>
    upgrade && info.upgrade_plan_name
      ? [
          {
            key: 'upgrade',
            kind: 'upgrade',
            price: upgrade.price,
            months: upgrade.months,
            exp: info.renewal?.exp ?? futureExp(upgrade.months),
            planName: info.upgrade_plan_name,
          },
        ]
      : [];
  const planOrUpgrade = (): OfferedLine[] =>
    info.renewal && plan
      ? [
          {
            key: 'plan',
            kind: 'plan',
            price: plan.price,
            months: info.renewal.months,
            exp: info.renewal.exp,
            planName: info.currentPlan.planName,
          },
        ]
      : upgradeLine();
  if (route.kind === 'checkout') {
    if (route.type === 'api') {
      const api = priceOf(info, 'api');
      return info.apiPlan?.renewable && api
        ? [{ key: 'api', kind: 'api', price: api.price, months: api.months, exp: info.apiPlan.newExp }]
        : [];
    }
    if (route.type === 'sim') {
      const sim = priceOf(info, 'sim');
      if (!sim) return [];
      return info.simExp
        .filter((s) => s.renewable)
        .map((s) => ({
          key: `sim:${s.bs_id}`,
          kind: 'sim',
          price: sim.price,
          months: sim.months,
          exp: s.newExp,
          bsId: s.bs_id,
        }));
    }
    return planOrUpgrade();
  }
  if (route.upgrade && upgrade) return upgradeLine();
  const service = priceOf(info, 'service');
  if (info.service?.renewable && service)
    return [
      {
        key: 'service',
        kind: 'service',
        price: service.price,
        months: service.months,
        exp: info.service.newExp,
      },
    ];
  // Without the service, the plan reminder's link (doc 3 §2: reminders lead here) renews the plan.
  return info.service ? [] : planOrUpgrade();
}

/** A year from today as yyyyMMdd (an upgrade starts now). */
function futureExp(months: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** yyyyMMdd as the account shows dates, dd.MM.yyyy (spec doc 2 §9). */
export function accountDateOf(exp: string): string {
  return `${exp.slice(6, 8)}.${exp.slice(4, 6)}.${exp.slice(0, 4)}`;
}

/** What a payment dialog is about, for its title. */
export type DialogSubject = 'checkout' | 'serviceRenewal' | 'planRenewal' | 'upgrade' | 'pending';

/**
 * The dialog's subject (spec doc 2 §2.8): the checkout route is the checkout; the renewal route renews
 * what it offers — the Insight service, or the plan (or a Free plan's upgrade) for an account without
 * the service — and, with nothing on offer, the service when the account has one, else the plan.
 * Until the offer has loaded it is a renewal of nothing named yet.
 */
export function dialogSubject(route: PaymentRoute, info: UpgradeInfo | undefined): DialogSubject {
  if (route.kind === 'checkout') return 'checkout';
  if (!info) return 'pending';
  const first = offeredLines(info, route)[0];
  if (first?.kind === 'upgrade') return 'upgrade';
  if (first?.kind === 'plan') return 'planRenewal';
  if (first?.kind === 'service') return 'serviceRenewal';
  return info.service ? 'serviceRenewal' : 'planRenewal';
}
