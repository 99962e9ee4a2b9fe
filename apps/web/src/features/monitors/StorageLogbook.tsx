import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AlertLogEntry } from '@emberwatch/shared/contracts/monitors';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { useUiPreferences } from '../sessions';
import { useStorageLogbook } from './monitorQueries';

/**
 * A storage's alert logbook (ours, issue 11 item 3): every alert raised, acknowledged and ended, every
 * probe fallen silent or back, every rule change, newest first, with more on demand. Reloads with the
 * monitors when alerts change (its key sits under theirs).
 */
export function StorageLogbook({ storageId }: { storageId: number }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const unit = unitOf(prefs.degrees);
  const logbook = useStorageLogbook(storageId);
  const lines = logbook.data?.pages.flat() ?? [];

  const text = (l: AlertLogEntry) => {
    const rule = l.ruleType
      ? t(`monitors.types.${l.ruleType as 'ABS_MAX'}.title`)
      : t('monitors.logbook.removedRule');
    return t(`monitors.logbook.kinds.${l.kind}`, {
      rule,
      probe: l.sensor_id ?? '',
      depth: l.depth === null ? t('monitors.alerts.allDepths') : l.depth + 1,
      temperature: l.temperature === null ? '' : formatTemperatureText(l.temperature, unit, true),
    });
  };

  return (
    <Box component="section" aria-label={t('monitors.logbook.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('monitors.logbook.title')}
      </Typography>
      {logbook.error && <LoadErrorAlert error={logbook.error} onRetry={() => void logbook.refetch()} />}
      {logbook.data && lines.length === 0 && (
        <Typography color="text.secondary">{t('monitors.logbook.empty')}</Typography>
      )}
      <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {lines.map((l) => (
          <Box component="li" key={l.id} data-testid="logbook-line" data-kind={l.kind}>
            <Typography variant="body2">
              <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                {formatDateTime(l.ts, prefs.date_format, prefs.time_format)}
              </Box>
              {text(l)}
              {l.note ? `: ${l.note}` : ''}
            </Typography>
          </Box>
        ))}
      </Stack>
      {logbook.hasNextPage && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={logbook.isFetchingNextPage}
          onClick={() => void logbook.fetchNextPage()}
        >
          {t('monitors.logbook.more')}
        </Button>
      )}
    </Box>
  );
}
