import type { TFunction } from 'i18next';
import {
  BATCH_ALERT_TEMP_MAX,
  BATCH_ALERT_TEMP_MIN,
  PHASE_HOURS_MAX,
  PHASE_TEMP_MAX,
  PHASE_TEMP_MIN,
  type ProcessPhase,
} from '@emberwatch/shared/contracts/batches';
import { fromDrafts, type PhaseDraft } from './phaseDrafts';
import type { BatchFormat } from './useBatchFormat';

/**
 * What a batch form (a batch's editor, the default settings) saves of its phase plan and alert limit,
 * or the first error the user must fix, in their words and unit. One check for both forms, so that
 * the defaults never accept what a batch refuses.
 */
export function checkBatchSettings(
  input: { phases: readonly PhaseDraft[]; alertTemp: string },
  fmt: Pick<BatchFormat, 'fromField' | 'temperature'>,
  t: TFunction,
): { phases: ProcessPhase[]; alertTemp: number | null } | { error: string } {
  const plan = fromDrafts(input.phases, fmt);
  if ('error' in plan)
    return {
      error:
        plan.error === 'phaseName'
          ? t('batches.errors.phaseName')
          : plan.error === 'hours'
            ? t('batches.errors.hours', { max: PHASE_HOURS_MAX })
            : t('batches.errors.number', {
                min: fmt.temperature(PHASE_TEMP_MIN),
                max: fmt.temperature(PHASE_TEMP_MAX),
              }),
    };
  const text = input.alertTemp.trim();
  const alertTemp = text === '' ? null : fmt.fromField(text);
  if (
    text !== '' &&
    (alertTemp === null || alertTemp < BATCH_ALERT_TEMP_MIN || alertTemp > BATCH_ALERT_TEMP_MAX)
  )
    return {
      error: t('batches.errors.number', {
        min: fmt.temperature(BATCH_ALERT_TEMP_MIN),
        max: fmt.temperature(BATCH_ALERT_TEMP_MAX),
      }),
    };
  return { phases: plan.phases, alertTemp };
}
