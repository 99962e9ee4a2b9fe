import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Batch } from '@emberwatch/shared/contracts/batches';
import { BandTemperature } from '../probes';
import { useBatchFormat } from './useBatchFormat';

/**
 * What is wrong with the batch now (spec doc 3 §3 currentAlerts; the `batch` and `batch_bug`
 * notifications link here): a probe at or above the alert limit, with its temperature, or silent.
 */
export function BatchAlertsCard({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const fmt = useBatchFormat(batch.BS_ID);
  if (batch.currentAlerts.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="batch-current-alerts">
      {batch.currentAlerts.map((a) => (
        <Alert key={`${a.type}-${a.sensor_id}`} severity={a.type === 'batch' ? 'error' : 'warning'}>
          <strong>{t(`batches.alerts.${a.type}`)}</strong>
          {' · '}
          {a.type === 'batch' && a.temperature !== null ? (
            <>
              {t('batches.alerts.highProbe', { probe: a.sensor_id, time: fmt.dateTime(a.ts) })}{' '}
              <BandTemperature testId="batch-temperature" tenths={a.temperature} />
            </>
          ) : a.ts === null ? (
            t('batches.alerts.neverProbe', { probe: a.sensor_id })
          ) : (
            t('batches.alerts.silentProbe', { probe: a.sensor_id, time: fmt.dateTime(a.ts) })
          )}
        </Alert>
      ))}
    </Stack>
  );
}
