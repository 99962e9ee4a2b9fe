import type { SanitisationNote } from '@emberwatch/shared/contracts/batches';
import type {
  CompostMethod,
  RequirementId,
  SanitisationStandard,
} from '@emberwatch/shared/domain/batches/sanitisationStandards';
import type { ServerTexts } from '../translations/index.js';

/**
 * The words of the sanitisation report's PDF, one key each of serverReports in the locale files, which
 * translators edit with the web app's texts (decision 0107): the PDF is made on the server, in the
 * reader's language and unit. `{name}` placeholders are filled by `fillPlaceholders`. Standard names
 * and legal sources stay as published, here.
 */
export interface ReportWords {
  title: string;
  batch: string;
  station: string;
  method: string;
  standard: string;
  data: string;
  generated: string;
  verdict: string;
  proven: string;
  notProven: string;
  noData: string;
  verdictProven: string;
  verdictNotProven: string;
  verdictNoData: string;
  requirement: string;
  /** "{temp} or more for {days} days" */
  holdFor: string;
  /** ", with at least {n} turnings" */
  withTurnings: string;
  period: string;
  counted: string;
  turningsIn: string;
  lowest: string;
  noPeriod: string;
  probes: string;
  probe: string;
  readings: string;
  gaps: string;
  longest: string;
  phases: string;
  phase: string;
  started: string;
  completed: string;
  progress: string;
  turnings: string;
  noTurnings: string;
  daily: string;
  day: string;
  min: string;
  max: string;
  rules: string;
  signature: string;
  operator: string;
  date: string;
  sign: string;
  days: string;
  hours: string;
  methods: Record<CompostMethod, string>;
  notes: Record<SanitisationNote, string>;
}

export const STANDARD_NAMES: Record<SanitisationStandard, string> = {
  epaPfrp: 'US EPA PFRP — 40 CFR Part 503, Appendix B',
  pas100: 'BSI PAS 100:2011',
  bgk: 'BioAbfV Anhang 2 / BGK RAL-GZ 251',
};

export const REQUIREMENT_SOURCES: Record<RequirementId, string> = {
  pfrpClosed: '40 CFR 503 App. B, PFRP 1(b) (in-vessel / aerated static pile)',
  pfrpWindrow: '40 CFR 503 App. B, PFRP 1(b) (windrow)',
  pas100: 'PAS 100:2011, sanitisation',
  bgk55for14: 'BioAbfV Anh. 2 (2 Wochen ≥ 55 °C)',
  bgk65for7: 'BioAbfV Anh. 2 (1 Woche ≥ 65 °C, offen)',
  bgk60for7: 'BioAbfV Anh. 2 (1 Woche ≥ 60 °C, geschlossen)',
};

/** The report's words in a language (English for one we do not have) from the server texts. */
export function reportWordsFor(texts: ServerTexts, language: string): ReportWords {
  return texts.group<ReportWords>(language, 'serverReports');
}
