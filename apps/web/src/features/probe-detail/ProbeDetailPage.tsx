import { Suspense } from 'react';
import { drawnPart } from '../../lib/lazyWithPreload';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Lock from '@mui/icons-material/Lock';
import SensorsOff from '@mui/icons-material/SensorsOff';
import { depthUnitFor } from '@emberwatch/shared/domain/depthUnits';
import {
  probeDetailAccess,
  probeDetailTabs,
  type ProbeDetailTab,
} from '@emberwatch/shared/domain/probeDetailAccess';
import { TIMESTAMP_REFRESH_MS } from '@emberwatch/shared/domain/probeList';
import { isStale, readingAgeSeconds } from '@emberwatch/shared/domain/readingAge';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { isAboveAlert } from '@emberwatch/shared/domain/temperatureAlert';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatures } from '../../lib/formatTemperatures';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useShellContext } from '../../lib/shellContext';
import { StorageExport } from '../export';
import { useSessionInfo, useUiPreferences } from '../sessions';
import { useUserInfo } from '../users';
import { VerificationTab } from '../verification';
import { AboveAlertIcon, TemperatureBar, useTemperatureScale } from '../probes';
import { DEFAULT_TEMPERATURE_AXIS_C } from '../../ui/charts/buildChartData';
import { probeDetailBackPath } from './probeDetailPaths';
import type { ProbeTabProps } from './probeDetailTypes';
import { useProbeStation } from './useProbeStation';
import { ProbeUsageChips } from './ProbeUsageChips';
import { DataTab } from './DataTab';
import { PropertiesTab } from './PropertiesTab';
import { RegularityTab } from './RegularityTab';

// The chart (and uPlot with it) loads only when the History tab is shown.
/**
 * On a phone the tabs share the row as compact tabs, so that every tab is visible at 360 px in every
 * language (the Properties tab used to hide behind a scroll arrow); the admin's four tabs are denser
 * still. Scrolling remains only as a fallback for a translation longer than any of today's.
 */
function compactTabSx(count: number) {
  const dense = count > 3;
  return {
    minWidth: { xs: 0, sm: 90 },
    px: { xs: dense ? 0.5 : 1, sm: 2 },
    flex: { xs: '1 0 auto', sm: '0 0 auto' },
    fontSize: { xs: dense ? '0.7rem' : '0.8125rem', sm: '0.875rem' },
  };
}

const HistoryTab = drawnPart('HistoryTab', () =>
  import('./history/HistoryTab').then((m) => ({ default: m.HistoryTab })),
);

/**
 * /probes/{sensorId} and /storages/{itemID}/probes/{sensorId} (spec doc 2 §2.4). The access rule
 * comes first: a limited free user sees the limited-history dialog, a user without the plan a
 * clear message, everyone else the detail.
 */
export function ProbeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sensorId = '', itemID } = useParams();
  const { roleContext, implementedEntries } = useShellContext();
  const session = useSessionInfo();
  const backPath = probeDetailBackPath(itemID, implementedEntries);
  const access = probeDetailAccess(roleContext, session.data?.limitFreeData ?? false);

  if (access === 'limited') {
    return (
      <Dialog open onClose={() => void navigate(backPath)} aria-labelledby="limited-title">
        <DialogTitle id="limited-title">{t('probeDetail.limited.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('probeDetail.limited.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void navigate(backPath)} autoFocus>
            {t('probeDetail.backToList')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (access === 'denied') {
    return (
      <EmptyState icon={<Lock />} text={t('probeDetail.notOnPlan')}>
        <Button component={RouterLink} to={backPath} startIcon={<ArrowBack />} sx={{ mt: 2 }}>
          {t('probeDetail.backToList')}
        </Button>
      </EmptyState>
    );
  }
  return <ProbeDetail sensorId={sensorId} backPath={backPath} roleContext={roleContext} />;
}

function ProbeDetail({
  sensorId,
  backPath,
  roleContext,
}: {
  sensorId: string;
  backPath: string;
  roleContext: RoleContext;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const session = useSessionInfo();
  const user = useUserInfo(session.data?.UID);
  const prefs = useUiPreferences();
  const scale = useTemperatureScale();
  const nowSeconds = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const { station, isLoading, notFound, error, refetch } = useProbeStation(sensorId);

  const tabs = probeDetailTabs(roleContext, nowSeconds);
  const asked = params.get('tab') as ProbeDetailTab | null;
  const tab: ProbeDetailTab = asked && tabs.includes(asked) ? asked : 'history';
  const unit = unitOf(prefs.degrees);
  const depthUnit = depthUnitFor(user.data?.country);
  // Spec doc 2 §9: the chart's temperature axis defaults to 20–60 unless the user chose a range.
  const chartScaleC = session.data?.ui_preferences?.chart_scale ?? DEFAULT_TEMPERATURE_AXIS_C;

  const back = (
    <Button
      component={RouterLink}
      to={backPath}
      startIcon={<ArrowBack />}
      size="small"
      data-testid="detail-back"
    >
      {t('probeDetail.backToList')}
    </Button>
  );

  if (error) {
    return (
      <Box>
        {back}
        <LoadErrorAlert error={error} onRetry={refetch} sx={{ mt: 1 }} />
      </Box>
    );
  }
  if (notFound) {
    return (
      <Box>
        {back}
        <EmptyState icon={<SensorsOff />} text={t('probeDetail.notFound', { id: sensorId })} />
      </Box>
    );
  }
  if (isLoading || !station) return <LoadingIndicator label={t('common.loading')} />;

  const { bsConf, conf, latest } = station;
  const name = conf.sensor_name?.trim() ? conf.sensor_name.trim() : conf.sensor_id_sys;
  const hasData = latest !== undefined;
  const depths = Math.max(conf.depths, latest?.temperatures.length ?? 0, 1);
  const latestTemperatures = latest
    ? latest.temperatures.length > 0
      ? latest.temperatures
      : [latest.temperature]
    : [];
  // As in the list (spec doc 2 §4): a reading older than 7 days is not current, so it is neither
  // coloured nor marked; the header still shows it, with its time.
  const latestCurrent = latest !== undefined && !isStale(readingAgeSeconds(latest.meas_ts, nowSeconds));
  const common: ProbeTabProps = {
    bsId: bsConf.bs_id,
    sensorId: conf.sensor_id_sys,
    depths,
    hasData,
    unit,
    depthUnit,
    dateFormat: prefs.date_format,
    timeFormat: prefs.time_format,
  };

  return (
    <Box>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, gap: 1, mt: 1, mb: 1 }}
      >
        <Box>
          <Typography variant="h5" component="h1" data-testid="detail-name" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('probeDetail.subtitle', {
              id: conf.sensor_id_sys,
              station: bsConf.display_name ?? bsConf.bs_id,
            })}
          </Typography>
          <StorageExport
            entry="button"
            storageName={name}
            basestationID={bsConf.bs_id}
            probes={[{ id: conf.sensor_id_sys, name: conf.sensor_name }]}
          />
          <ProbeUsageChips sensorId={conf.sensor_id_sys} roleContext={roleContext} />
        </Box>
        {latest && (
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography
              variant="h6"
              component="p"
              data-testid="detail-latest"
              sx={{
                fontVariantNumeric: 'tabular-nums',
                display: 'flex',
                alignItems: 'center',
                justifyContent: { sm: 'flex-end' },
                gap: 1,
              }}
            >
              {latestCurrent ? (
                <TemperatureBar
                  temperatures={latestTemperatures}
                  unit={unit}
                  colorStepsC={scale.colorStepsC}
                  fontSize="1.0625rem"
                  testId="detail-latest-bar"
                />
              ) : (
                <Box component="span" sx={{ color: 'text.disabled' }}>
                  {formatTemperatures(latestTemperatures, unit)}
                </Box>
              )}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{` °${unit}`}</Box>
              {latestCurrent && isAboveAlert(latestTemperatures, scale.alertC) && (
                <AboveAlertIcon alertC={scale.alertC} unit={unit} fontSize="1.5rem" />
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('probeDetail.latestAt', {
                time: formatDateTime(latest.meas_ts, prefs.date_format, prefs.time_format),
              })}
            </Typography>
          </Box>
        )}
      </Stack>

      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, v: ProbeDetailTab) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (v === 'history') next.delete('tab');
                else next.set('tab', v);
                return next;
              },
              { replace: true },
            )
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('probeDetail.tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': compactTabSx(tabs.length) }}
        >
          {tabs.map((v) => (
            <Tab key={v} value={v} label={t(`probeDetail.tabs.${v}`)} data-testid={`tab-${v}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1, sm: 2 } }} role="tabpanel">
          {tab === 'history' && (
            <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
              <HistoryTab {...common} chartScaleC={chartScaleC} onClose={() => void navigate(backPath)} />
            </Suspense>
          )}
          {tab === 'data' && (
            <DataTab {...common} admin={roleContext.admin} colorStepsC={scale.colorStepsC} />
          )}
          {tab === 'properties' && (
            <PropertiesTab
              key={`${conf.sensor_id_sys}-${bsConf.bs_id}`}
              bsConf={bsConf}
              conf={conf}
              roleContext={roleContext}
              unit={unit}
            />
          )}
          {tab === 'verification' && <VerificationTab {...common} />}
          {tab === 'regularity' && <RegularityTab {...common} />}
        </Box>
      </Paper>
    </Box>
  );
}
