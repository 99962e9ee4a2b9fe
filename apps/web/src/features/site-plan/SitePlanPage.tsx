import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import Warehouse from '@mui/icons-material/Warehouse';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import type { Site } from '@emberwatch/shared/contracts/sites';
import { TIMESTAMP_REFRESH_MS } from '@emberwatch/shared/domain/probeList';
import { canSeeStorages } from '@emberwatch/shared/domain/roles';
import { placedProbeIds } from '@emberwatch/shared/domain/storageLayout/placedProbeIds';
import { storageTemperature } from '@emberwatch/shared/domain/storageLayout/storageTemperature';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { isAboveAlert } from '@emberwatch/shared/domain/temperatureAlert';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useSelectedStation, useStationDatas } from '../base-stations';
import { AboveAlertIcon, useTemperatureScale } from '../probes';
import { useUiPreferences } from '../sessions';
import { StoragesToolbar, useStorageAccount, useStorages, useUnsavedEditsGuard } from '../storages';
import { SiteChoiceDialog } from './SiteChoiceDialog';
import { SiteEditorPanel } from './SiteEditorPanel';
import { SiteScene3D } from './SiteScene3D';
import { useSaveSite, useSites } from './siteQueries';
import { buildSiteScene } from './siteScene';
import { useSiteEditor } from './useSiteEditor';
import { Redirect } from '../../lib/Redirect';

/**
 * The site view and site editor at /storages/site (spec doc 3 §2): the selected base station's
 * storages in 3D, coloured by their hottest recent probe when the site shows colours; a click or tap
 * opens /storages/site/{itemID}. Users who may edit the site open the side panel with Edit site and
 * leave it with Save or Close (unsaved changes ask to save, discard or cancel).
 */
export function SitePlanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { roleContext } = useShellContext();
  const { stations, selected } = useSelectedStation();
  const uid = useStorageAccount();
  const storages = useStorages();
  const sites = useSites(uid);
  const save = useSaveSite(uid);
  const prefs = useUiPreferences();
  const scale = useTemperatureScale();
  const nowS = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const unit = unitOf(prefs.degrees);

  const accountStationIds = useMemo(
    () => stations.filter((s) => s.owner_UID === uid).map((s) => s.bs_id),
    [stations, uid],
  );
  const datas = useStationDatas(accountStationIds);
  const readings = useMemo(() => datas.flatMap((d) => d.data?.results ?? []), [datas]);
  const server = sites.data?.find((s) => s.BS_ID === selected?.bs_id);
  const editor = useSiteEditor(server, roleContext, (site) => save.mutateAsync(site));
  const guard = useUnsavedEditsGuard(editor.dirty);

  const stationStorages = useMemo(
    () => (storages.data ?? []).filter((s) => s.BS_ID === selected?.bs_id),
    [storages.data, selected?.bs_id],
  );
  const storageNames = useMemo(
    () => new Map(stationStorages.map((s) => [s.itemID, s.name])),
    [stationStorages],
  );
  const temperatures = useMemo(
    () =>
      new Map(
        stationStorages.map((s) => [
          s.itemID,
          storageTemperature({ nowS }, readings, {
            probeIds: placedProbeIds({ sensorLayout: s.sensor_layout, stacks: s.stacks }),
          }),
        ]),
      ),
    [stationStorages, readings, nowS],
  );
  const shown: Site | undefined = editor.shown;
  const scene = useMemo(
    () =>
      shown &&
      buildSiteScene({
        site: shown,
        storageNames,
        temperatures,
        colorStepsC: scale.colorStepsC,
        formatTemperature: (tenths) => `${formatTemperatureText(tenths, unit)} °${unit}`,
      }),
    [shown, storageNames, temperatures, scale.colorStepsC, unit],
  );

  if (!canSeeStorages(roleContext)) return <Redirect to="/probes" />;
  if (!selected) return <EmptyState icon={<Warehouse />} text={t('stations.none')} />;
  const error = storages.error ?? sites.error;
  if (error)
    return (
      <LoadErrorAlert
        error={error}
        onRetry={() => {
          void storages.refetch();
          void sites.refetch();
        }}
      />
    );
  if (!storages.data || !sites.data) return <LoadingIndicator label={t('common.loading')} />;
  // The server answers a plan for every station of the account; none means the station is not its.
  if (!scene || !shown) return <EmptyState icon={<Warehouse />} text={t('sitePlan.noStorages')} />;

  const openStorage = (id: number) => {
    if (editor.dirty) guard.warn();
    else void navigate(`/storages/site/${id}`);
  };

  return (
    <Box>
      <StoragesToolbar
        view="site"
        roleContext={roleContext}
        site={{
          showColors: shown.showColors,
          onToggleColors: editor.toggleColors,
          editing: editor.editing,
          dirty: editor.dirty,
          saving: save.isPending,
          onEdit: editor.edit,
          onSave: editor.save,
          onClose: editor.close,
          onBlockedNavigation: guard.warn,
        }}
      />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SiteScene3D scene={scene} onOpenStorage={openStorage} height="min(70vh, 640px)" />
        </Box>
        {editor.editing && editor.draft && (
          <SiteEditorPanel site={editor.draft} storageNames={storageNames} onChange={editor.change} />
        )}
      </Box>
      {/* The storages as links too: for the keyboard, screen readers and browsers without WebGL. */}
      <Box component="nav" aria-label={t('sitePlan.storageLinks')} sx={{ mt: 2 }}>
        {scene.storages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('sitePlan.noStorages')}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
          >
            {scene.storages.map((s) => {
              // A storage above the alert temperature carries the flame, as the probe list does: the
              // colour of its block and label is never the only sign (decision 0138).
              const hot = s.temperature !== null && isAboveAlert([s.temperature], scale.alertC);
              return (
                <li key={s.id}>
                  <Link
                    component={RouterLink}
                    to={`/storages/site/${s.id}`}
                    data-testid="site-storage-link"
                    data-hot={hot ? 'true' : undefined}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    {s.label}
                    {hot && <AboveAlertIcon alertC={scale.alertC} unit={unit} />}
                  </Link>
                </li>
              );
            })}
          </Box>
        )}
      </Box>
      <SiteChoiceDialog
        open={editor.prompt === 'unsaved'}
        title={t('sitePlan.unsaved.title')}
        text={t('sitePlan.unsaved.text')}
        choices={[
          { label: t('sitePlan.unsaved.cancel'), onClick: editor.cancelPrompt },
          { label: t('sitePlan.unsaved.discard'), onClick: editor.discard },
          { label: t('sitePlan.unsaved.save'), onClick: editor.saveAndClose, primary: true },
        ]}
      />
      <SiteChoiceDialog
        open={editor.prompt === 'adminWarning'}
        title={t('sitePlan.adminWarning.title')}
        text={t('sitePlan.adminWarning.text')}
        choices={[
          { label: t('sitePlan.adminWarning.cancel'), onClick: editor.cancelPrompt },
          { label: t('sitePlan.adminWarning.confirm'), onClick: editor.confirmAdminSave, primary: true },
        ]}
      />
      <Snackbar open={guard.warning} autoHideDuration={guard.hideAfterMs} onClose={guard.close}>
        <Alert severity="warning" onClose={guard.close}>
          {t('sitePlan.unsavedEdits')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
