import { SENTINEL_TEST_TEMPERATURE } from '@emberwatch/shared/contracts/sentinel';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import type { ServerTexts } from '../translations/index.js';

/** "60 C" or "140 F". */
export function sentinelTestTemperature(unit: DegreesUnit): string {
  return `${SENTINEL_TEST_TEMPERATURE[unit]} ${unit}`;
}

/**
 * The Sentinel test call's text (spec doc 3 §9 "Sentinel test text uses 60 C or 140 F"), in the
 * account owner's language (English for one we do not have), from the server texts
 * (serverAlerts.sentinelTest; decision 0107). Plain ASCII units ("60 C"), as the spec writes them:
 * alarm panels and pagers at the receiving end do not all show "°".
 */
export function sentinelTestText(texts: ServerTexts, language: string, unit: DegreesUnit): string {
  return texts.text(language, 'serverAlerts.sentinelTest', { t: sentinelTestTemperature(unit) });
}
