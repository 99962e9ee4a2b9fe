/**
 * The sanitisation standards a compost batch's report can be judged by, each as one or more
 * alternative time–temperature requirements (docs/decisions/0050-sanitisation-report.md gives the
 * sources and how gaps and turnings are read). Temperatures are tenths of °C, durations seconds.
 */

/** How the batch is composted: the standards ask different things of open windrows and closed systems. */
export const COMPOST_METHODS = ['windrow', 'aeratedStaticPile', 'inVessel'] as const;
export type CompostMethod = (typeof COMPOST_METHODS)[number];

export const SANITISATION_STANDARDS = ['epaPfrp', 'pas100', 'bgk'] as const;
export type SanitisationStandard = (typeof SANITISATION_STANDARDS)[number];

export const REQUIREMENT_IDS = [
  'pfrpClosed',
  'pfrpWindrow',
  'pas100',
  'bgk55for14',
  'bgk65for7',
  'bgk60for7',
] as const;
export type RequirementId = (typeof REQUIREMENT_IDS)[number];

export interface SanitisationRequirement {
  id: RequirementId;
  /** Every probe's coldest measuring point at or above this, tenths of °C. */
  minTemp: number;
  /** For at least this long, seconds, in one unbroken period. */
  seconds: number;
  /** Recorded turnings the period must contain. */
  minTurnings: number;
}

const DAY_S = 86_400;

export const SANITISATION_REQUIREMENTS = {
  // 40 CFR Part 503 Appendix B, PFRP 1(b): in-vessel or static aerated pile, ≥ 55 °C for 3 days.
  pfrpClosed: { id: 'pfrpClosed', minTemp: 550, seconds: 3 * DAY_S, minTurnings: 0 },
  // 40 CFR Part 503 Appendix B, PFRP 1(b): windrow, ≥ 55 °C for 15 days, at least five turnings then.
  pfrpWindrow: { id: 'pfrpWindrow', minTemp: 550, seconds: 15 * DAY_S, minTurnings: 5 },
  // PAS 100:2011 (BSI), sanitisation: ≥ 65 °C for at least 7 days, turned at least twice
  // (with moisture of at least 50 %, which temperature probes do not measure).
  pas100: { id: 'pas100', minTemp: 650, seconds: 7 * DAY_S, minTurnings: 2 },
  // BioAbfV Anhang 2 (BGK RAL-GZ 251): ≥ 55 °C for 2 weeks, or ≥ 65 °C (open) / ≥ 60 °C (closed) for 1 week.
  bgk55for14: { id: 'bgk55for14', minTemp: 550, seconds: 14 * DAY_S, minTurnings: 0 },
  bgk65for7: { id: 'bgk65for7', minTemp: 650, seconds: 7 * DAY_S, minTurnings: 0 },
  bgk60for7: { id: 'bgk60for7', minTemp: 600, seconds: 7 * DAY_S, minTurnings: 0 },
} as const satisfies Record<RequirementId, SanitisationRequirement>;

/** The alternatives a batch composted this way may meet under a standard; meeting one proves it. */
export function requirementsOf(
  standard: SanitisationStandard,
  method: CompostMethod,
): SanitisationRequirement[] {
  const r = SANITISATION_REQUIREMENTS;
  switch (standard) {
    case 'epaPfrp':
      return [method === 'windrow' ? r.pfrpWindrow : r.pfrpClosed];
    case 'pas100':
      return [r.pas100];
    case 'bgk':
      return [r.bgk55for14, method === 'inVessel' ? r.bgk60for7 : r.bgk65for7];
  }
}

/**
 * The longest silence between two readings of a probe that still counts as one unbroken period:
 * three hours, so a station's hourly readings may lose two packets in a row. Longer, and nobody
 * knows what the temperature did: the period ends there.
 */
export const MAX_READING_GAP_S = 3 * 3600;

/**
 * After a recorded turning, readings below the limit do not end the period for this long (the pile
 * was opened, the probe may have been pulled out and pushed back); that time does not count toward
 * the period either.
 */
export const TURNING_RECOVERY_S = 24 * 3600;
