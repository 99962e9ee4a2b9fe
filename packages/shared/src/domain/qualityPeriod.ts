/**
 * The hay-quality period (spec doc 3 §3 qualityPeriod {from, to}; §4 "Quality view": unset, set or
 * ongoing with to = today; §9: the default is the last 30 days). Epoch seconds; `to` null is ongoing.
 */
export const DEFAULT_QUALITY_PERIOD_DAYS = 30;

export type QualityPeriodState = 'unset' | 'set' | 'ongoing';

/** The period as a storage stores it (structurally the storages contract's QualityPeriod). */
export interface StoredQualityPeriod {
  from: number;
  to: number | null;
}

export interface ResolvedQualityPeriod {
  state: QualityPeriodState;
  from: number;
  to: number;
  /** The period reaches now: heating may go on, so days-to-drop is extrapolated. */
  ongoing: boolean;
}

export function resolveQualityPeriod(
  period: StoredQualityPeriod | null | undefined,
  nowSeconds: number,
): ResolvedQualityPeriod {
  if (!period) {
    return {
      state: 'unset',
      from: nowSeconds - DEFAULT_QUALITY_PERIOD_DAYS * 86_400,
      to: nowSeconds,
      ongoing: true,
    };
  }
  const from = Math.min(period.from, nowSeconds);
  if (period.to === null) return { state: 'ongoing', from, to: nowSeconds, ongoing: true };
  // A set end still ahead is cut at now and counts as ongoing: the hay can still heat inside it.
  if (period.to >= nowSeconds) return { state: 'set', from, to: nowSeconds, ongoing: true };
  return { state: 'set', from, to: period.to, ongoing: false };
}
