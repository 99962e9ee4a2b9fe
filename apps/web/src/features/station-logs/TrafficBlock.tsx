import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  DEFAULT_TRAFFIC_WINDOW_H,
  MAX_TRAFFIC_OFFSET_H,
  seriesKey,
  TRAFFIC_KINDS,
  TRAFFIC_WINDOWS_H,
  type TrafficWindowH,
} from '@emberwatch/shared/domain/stationTraffic';
import { formatDateTime } from '../../lib/formatDateTime';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { CALL_KIND_COLOURS, CALL_KIND_LABELS } from './callKindLabels';
import { useTraffic } from './stationLogsQueries';
import { TrafficChart } from './TrafficChart';

/**
 * Spec doc 2 §2.5 and §9, admins only: the station's calls — boot, configuration, firmware, data and
 * heartbeat — over 1, 3, 6, 12 or 24 hours (3 at first), moved back and forward a window at a time,
 * with its last boot, configuration and data times.
 */
export function TrafficBlock({ bsId }: { bsId: string }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const [windowH, setWindowH] = useState<TrafficWindowH>(DEFAULT_TRAFFIC_WINDOW_H);
  const [offsetH, setOffsetH] = useState(0);
  const traffic = useTraffic(bsId, offsetH, windowH);
  const time = (ts: number) => formatDateTime(ts, prefs.date_format, prefs.time_format);
  const never = t('stationLogs.traffic.never');

  const body = () => {
    if (traffic.error && !traffic.data)
      return <LoadErrorAlert error={traffic.error} onRetry={() => void traffic.refetch()} />;
    if (!traffic.data) return <LoadingIndicator label={t('common.loading')} />;
    const d = traffic.data;
    return (
      <>
        <Typography variant="body2" color="text.secondary" data-testid="traffic-range">
          {t('stationLogs.traffic.range', { from: time(d.from_ts), to: time(d.to_ts) })}
        </Typography>
        <TrafficChart
          data={d.data}
          label={t('stationLogs.traffic.chart', { hours: windowH })}
          timeOf={time}
        />
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
          component="ul"
          aria-label={t('stationLogs.traffic.legend')}
        >
          {TRAFFIC_KINDS.map((k) => (
            <Box
              component="li"
              key={k}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, listStyle: 'none' }}
              data-testid={`traffic-total-${k}`}
            >
              <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: CALL_KIND_COLOURS[k] }} />
              <Typography variant="body2">
                {t(CALL_KIND_LABELS[k])}: {d.data[seriesKey(k)].reduce((s, p) => s + p.n, 0)}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid="traffic-last">
          {t('stationLogs.traffic.last', {
            boot: d.last_boot_ts !== null ? time(d.last_boot_ts) : never,
            conf: d.last_conf_ts !== null ? time(d.last_conf_ts) : never,
            data: d.last_data_ts !== null ? time(d.last_data_ts) : never,
          })}
        </Typography>
      </>
    );
  };

  return (
    <Stack
      spacing={1}
      component="section"
      aria-label={t('stationLogs.traffic.title')}
      data-testid="bs-traffic"
      sx={{ py: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t('stationLogs.traffic.title')}
        </Typography>
        <IconButton
          aria-label={t('stationLogs.traffic.earlier')}
          disabled={offsetH + windowH > MAX_TRAFFIC_OFFSET_H}
          onClick={() => setOffsetH((o) => o + windowH)}
        >
          <ChevronLeft />
        </IconButton>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={windowH}
          aria-label={t('stationLogs.traffic.window')}
          onChange={(_, v: TrafficWindowH | null) => {
            if (v !== null) setWindowH(v);
          }}
        >
          {TRAFFIC_WINDOWS_H.map((h) => (
            <ToggleButton key={h} value={h}>
              {t('stationLogs.traffic.hoursShort', { count: h })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <IconButton
          aria-label={t('stationLogs.traffic.later')}
          disabled={offsetH === 0}
          onClick={() => setOffsetH((o) => Math.max(0, o - windowH))}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
      {body()}
    </Stack>
  );
}
