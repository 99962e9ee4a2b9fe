import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAlertRule } from '@emberwatch/shared/contracts/monitors';
import { mayChangeFans } from '@emberwatch/shared/domain/fans/fanRights';
import { monitorsToggleEnabled } from '@emberwatch/shared/domain/sitePlan';
import { FanControllerPanel } from '../fans';
import { useShellContext } from '../../lib/shellContext';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { CheckMonitorNowButton } from './CheckMonitorNowButton';
import { RuleAlertsList } from './RuleAlertsList';
import { RuleExplanation } from './RuleExplanation';
import { StorageLogbook } from './StorageLogbook';
import { StorageMonitorChooser } from './StorageMonitorChooser';
import { useMonitors } from './monitorQueries';

/**
 * A storage's monitor on its monitor tab (spec doc 3 §2, tab 3): the monitor's name and rules in
 * words, and the current alerts of this storage's probes, to acknowledge; refreshed live when alerts
 * change (the realtime bridge's alertsChanged). Above them the monitor is chosen (StorageMonitorChooser);
 * the choice is the storage's save, which the storages feature hands in as onChoose.
 */
export function StorageMonitorPanel({
  storageId,
  bsId,
  monitorId,
  sensorIds,
  readOnly,
  onChoose,
}: {
  storageId: number;
  /** The storage's station (processStorageMonitors names it). */
  bsId: string;
  monitorId: number | null;
  sensorIds: readonly string[];
  /** A master who is not a grand master sees the choice but cannot change it (spec doc 3 §6). */
  readOnly: boolean;
  onChoose: (monitorId: number | null) => void;
}) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const monitors = useMonitors();
  if (monitors.error)
    return <LoadErrorAlert error={monitors.error} onRetry={() => void monitors.refetch()} />;
  if (!monitors.data) return <LoadingIndicator label={t('monitors.storageTab.loading')} />;
  const chooser = (
    <StorageMonitorChooser
      storageId={storageId}
      monitorId={monitorId}
      monitors={monitors.data}
      readOnly={readOnly}
      onChoose={onChoose}
    />
  );
  const monitorsLink = monitorsToggleEnabled(roleContext) && (
    <Link component={RouterLink} to="/storages/monitors">
      {t('monitors.list.title')}
    </Link>
  );
  const monitor = monitors.data.find((m) => m.itemID === monitorId);
  if (!monitor)
    return (
      <Stack spacing={2} data-testid="storage-monitor">
        {chooser}
        <Typography color="text.secondary">{t('storageDetail.noMonitor')}</Typography>
        {monitorsLink}
      </Stack>
    );
  // The monitor's fan-control rule drives a controller's channel: its status and manual commands show
  // here, beside the alerts (spec doc 3 §4 "fan controller display").
  const fanRules = monitor.rules.filter((r) => !isAlertRule(r));
  const fanIds = [...new Set(fanRules.map((r) => r.settings.FC_ID).filter((id) => id !== ''))];
  const cyclic = fanRules.find((r) => r.type === 'CYCLIC_CONTROL');
  const cycleSpan = cyclic?.type === 'CYCLIC_CONTROL' ? cyclic.settings.cycleSpan : undefined;
  const alerting = monitor.rules
    .filter(isAlertRule)
    .some((r) => (r.currentAlerts ?? []).some((a) => sensorIds.includes(a.sensor_id)));
  return (
    <Stack spacing={2} data-testid="storage-monitor">
      {chooser}
      <Typography variant="h6" component="h2">
        {monitor.name}
      </Typography>
      <Stack spacing={1}>
        {monitor.rules.map((rule) => (
          <Stack key={rule.id} spacing={0.5}>
            <Typography variant="subtitle2" component="h3">
              {t(`monitors.types.${rule.type}.title`)}
            </Typography>
            <RuleExplanation rule={rule} />
          </Stack>
        ))}
      </Stack>
      {fanIds.length > 0 && (
        <Stack spacing={1} data-testid="storage-fans">
          <Typography variant="subtitle1" component="h3">
            {t('monitors.storageTab.fans')}
          </Typography>
          <FanControllerPanel
            fcIds={fanIds}
            mayDrive={!readOnly && mayChangeFans(roleContext, 'driveFan')}
            cycleSpan={cycleSpan}
          />
        </Stack>
      )}
      {alerting ? (
        <RuleAlertsList monitor={monitor} sensorIds={sensorIds} />
      ) : (
        <Typography color="text.secondary" data-testid="storage-monitor-ok">
          {t('monitors.storageTab.ok')}
        </Typography>
      )}
      <CheckMonitorNowButton bsId={bsId} storageId={storageId} />
      <StorageLogbook storageId={storageId} />
      {monitorsLink}
    </Stack>
  );
}
