import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatch, useNavigate } from 'react-router';
import Add from '@mui/icons-material/Add';
import NotificationsOff from '@mui/icons-material/NotificationsOff';
import Warehouse from '@mui/icons-material/Warehouse';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TIMESTAMP_REFRESH_MS } from '@emberwatch/shared/domain/probeList';
import { canSeeStorages, type RoleContext } from '@emberwatch/shared/domain/roles';
import {
  maySeeSiteToggle,
  simHasExpired,
  storageListNotice,
  unplacedSiteStorageIds,
} from '@emberwatch/shared/domain/sitePlan';
import type { StorageHottestProbe } from '@emberwatch/shared/domain/storageLayout/storageTemperature';
import { unitOf, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useBsConfs, useSelectedStation, useStationDatas } from '../base-stations';
import { TemperatureBar, useTemperatureScale } from '../probes';
import { useUiPreferences } from '../sessions';
import { useSites } from '../site-plan';
import { NewStorageDialog } from './NewStorageDialog';
import { storageListRows, type StorageListRow } from './storageListRows';
import { useStorageAccount, useStorages } from './storageQueries';
import { StoragesToolbar } from './StoragesToolbar';
import { Redirect } from '../../lib/Redirect';

/** Spec doc 3 §2: masters who are not grand masters see storages read-only (no new-storage button). */
export function mayCreateStorages(ctx: Pick<RoleContext, 'master' | 'grandMaster'>): boolean {
  return !ctx.master || ctx.grandMaster;
}

/**
 * The storage list (spec doc 3 §2 "Storage list") of the selected station's account, with the
 * new-storage dialog at /storages/new-storage. Temperatures follow the stations' latest readings,
 * which a newData push refetches, so the list updates live.
 */
export function StoragesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roleContext } = useShellContext();
  const { stations, selected, groupIds } = useSelectedStation();
  const uid = useStorageAccount();
  const storages = useStorages();
  // Ticks like the probe list's ages, so a reading turning 7 days old leaves the temperature.
  const nowS = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const creating = useMatch('/storages/new-storage') !== null;
  const mayCreate = mayCreateStorages(roleContext);
  // 'Site not specified' only for users with the site plan: for the others it would say nothing.
  const siteUser = maySeeSiteToggle(roleContext);
  const sites = useSites(uid, siteUser);
  const unplacedStorageIds = useMemo(
    () => (sites.data ? new Set(sites.data.flatMap((s) => unplacedSiteStorageIds(s))) : undefined),
    [sites.data],
  );

  // The account's stations: the storages' readings and the account's probes come from them.
  const accountStationIds = useMemo(
    () => stations.filter((s) => s.owner_UID === uid).map((s) => s.bs_id),
    [stations, uid],
  );
  const datas = useStationDatas(accountStationIds);
  const confs = useBsConfs(accountStationIds);
  const readings = useMemo(() => datas.flatMap((d) => d.data?.results ?? []), [datas]);
  const accountProbeIds = useMemo(
    () =>
      confs.every((c) => c.data)
        ? new Set(confs.flatMap((c) => c.data?.sensor_configurations.map((p) => p.sensor_id_sys) ?? []))
        : null,
    [confs],
  );
  const selectedConf = confs.find((c) => c.data?.bs_id === selected?.bs_id)?.data;
  // Spec doc 3 §2: an expired plan or SIM (the selected station's) shows an info text instead of the
  // list, and an expired SIM hides the new-storage button.
  const simExpired = simHasExpired(selectedConf?.sim_exp_date ?? null, nowS);
  const notice = storageListNotice(roleContext, simExpired);
  const stationProbeIds = selectedConf?.sensor_configurations.map((p) => p.sensor_id_sys) ?? [];
  const accountHasProbes = stations.some((s) => s.owner_UID === uid && s.probeCount > 0);

  if (!canSeeStorages(roleContext)) return <Redirect to="/probes" />;
  if (!selected) return <EmptyState icon={<Warehouse />} text={t('stations.none')} />;
  const toolbar = <StoragesToolbar view="storages" roleContext={roleContext} />;
  if (notice)
    return (
      <Box>
        {toolbar}
        <Alert severity="info" data-testid="storages-notice">
          {t(`sitePlan.notice.${notice}`)}
        </Alert>
      </Box>
    );
  if (storages.error)
    return <LoadErrorAlert error={storages.error} onRetry={() => void storages.refetch()} />;
  if (!storages.data) return <LoadingIndicator label={t('common.loading')} />;

  const rows = storageListRows(storages.data, {
    nowS,
    currentStationIds: groupIds,
    readings,
    accountProbeIds,
    unplacedStorageIds,
  });
  const newButton = mayCreate && !simExpired && (
    <Button component={RouterLink} to="/storages/new-storage" variant="contained" startIcon={<Add />}>
      {t('storages.newStorage')}
    </Button>
  );

  return (
    <Box>
      {toolbar}
      {rows.length === 0 ? (
        accountHasProbes ? (
          <EmptyState icon={<Warehouse />} text={t('storages.welcome')}>
            <Box sx={{ mt: 2 }}>{newButton}</Box>
          </EmptyState>
        ) : (
          <EmptyState icon={<Warehouse />} text={t('storages.noProbes')}>
            <Button component={RouterLink} to="/settings/probes" variant="outlined" sx={{ mt: 2 }}>
              {t('storages.probeSettings')}
            </Button>
          </EmptyState>
        )
      ) : (
        <>
          {newButton && <Box sx={{ mb: 2, display: 'flex', justifyContent: 'flex-end' }}>{newButton}</Box>}
          <List aria-label={t('storages.listLabel')}>
            {/* Each link in its own item: a list holds only items (WCAG 1.3.1, decision 0138). */}
            {rows.map((row) => (
              <ListItem key={row.storage.itemID} disablePadding>
                <StorageListItem row={row} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {creating && mayCreate && !simExpired && (
        <NewStorageDialog
          bsId={selected.bs_id}
          stationProbeIds={stationProbeIds}
          onClose={() => void navigate('/storages')}
          onCreated={(storage) => void navigate(`/storages/${storage.itemID}`)}
        />
      )}
    </Box>
  );
}

function StorageListItem({ row }: { row: StorageListRow }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const scale = useTemperatureScale();
  const notes = [
    row.status && t(`storages.status.${row.status}`),
    row.otherStation && t('storages.otherStation'),
    row.probesMissing && t('storages.probesMissing'),
  ].filter((n): n is string => typeof n === 'string');
  return (
    <ListItemButton
      component={RouterLink}
      to={`/storages/${row.storage.itemID}`}
      data-testid="storage-row"
      data-greyed={row.greyed}
      // Greyed by a grey ground and secondary text, not by half opacity, which left its name and
      // notes at 2.7:1 (WCAG AA wants 4.5:1, decision 0138); the notes say why it is greyed.
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        ...(row.greyed && { bgcolor: 'grey.100', '& .MuiListItemText-primary': { color: 'text.secondary' } }),
      }}
    >
      <ListItemText
        primary={row.storage.name}
        secondary={
          notes.length > 0 && (
            // Wrapped: two notes side by side are wider than a phone in most languages.
            <Stack direction="row" spacing={1} useFlexGap component="span" sx={{ mt: 0.5, flexWrap: 'wrap' }}>
              {notes.map((n) => (
                <Chip key={n} label={n} size="small" component="span" />
              ))}
            </Stack>
          )
        }
        slotProps={{ secondary: { component: 'span' } }}
      />
      {row.alertsOff && (
        <NotificationsOff
          titleAccess={t('storages.alertsOff')}
          data-testid="alerts-off"
          sx={{ color: 'text.secondary', ml: 1 }}
        />
      )}
      <Box sx={{ minWidth: 90, ml: 2 }}>
        {row.hottest === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('storages.noTemperature')}
          </Typography>
        ) : (
          <HottestProbe hottest={row.hottest} unit={unitOf(prefs.degrees)} colorStepsC={scale.colorStepsC} />
        )}
      </Box>
    </ListItemButton>
  );
}

/**
 * The storage temperature in the user's colour steps, and where it is: the hottest probe and its
 * depth (issue 28 item 11), e.g. "H10004 · depth 2" under a coloured "62.3".
 */
function HottestProbe({
  hottest,
  unit,
  colorStepsC,
}: {
  hottest: StorageHottestProbe;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
}) {
  const { t } = useTranslation();
  const where = t('storages.hottestProbe', { probe: hottest.sensorId, depth: hottest.depth });
  return (
    <Box
      data-testid="storage-hottest"
      title={t('storages.hottestTitle', {
        probe: hottest.sensorId,
        depth: hottest.depth,
        value: formatTemperatureText(hottest.temperature, unit, true),
      })}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.25 }}
    >
      <TemperatureBar
        temperatures={[hottest.temperature]}
        unit={unit}
        colorStepsC={colorStepsC}
        testId="storage-temperature"
      />
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="storage-hottest-probe"
        sx={{ whiteSpace: 'nowrap', lineHeight: 1.2 }}
      >
        {where}
      </Typography>
    </Box>
  );
}
