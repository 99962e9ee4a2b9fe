import { Suspense, useState } from 'react';
import Snackbar from '@mui/material/Snackbar';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { storageLayoutOf } from '@emberwatch/shared/domain/kinds/storageLayouts';
import {
  visibleLayoutModes,
  type LayoutViewMode,
} from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useStorages } from './storageQueries';
import { DeleteStorageButton, preloadDeleteStorage } from './DeleteStorageButton';
import { preloadLayoutEditing, StorageLayoutTab } from './StorageLayoutTab';
import { preloadLayoutSettings } from './LayoutSettingsPopover';
import { useUnsavedEditsGuard } from './useUnsavedEditsGuard';
import { MissingInfoDialog, preloadMissingInfo } from './MissingInfoDialog';
import { storageProbeIds } from './layoutLevels';
import { useDrawnMomentSeconds } from '../../lib/useDrawnMomentSeconds';
import { lazyWithPreload } from '../../lib/lazyWithPreload';
import { preloadOnIntent, usePreloadWhenSettled } from '../../lib/preloadAhead';

// The layout tab is the page's first screen; the monitor and details tabs' code (the monitors' editor,
// the delivery log, the alert channels and recipients, the data-break delay, with their MUI controls) is
// not fetched and evaluated with it on a phone's start (decision 0178), but once the page has settled
// (usePreloadWhenSettled, as the shell's windows, with the layout's editors and settings), or as soon
// as a tab is pointed at or focused.
const StorageMonitorTab = lazyWithPreload(() =>
  import('./StorageMonitorTab').then((m) => ({ default: m.StorageMonitorTab })),
);
const StorageDetailsTab = lazyWithPreload(() =>
  import('./StorageDetailsTab').then((m) => ({ default: m.StorageDetailsTab })),
);
const preloadTabs = () => {
  void StorageMonitorTab.preload();
  void StorageDetailsTab.preload();
};
const preloadTabsAndEditors = () => {
  preloadTabs();
  preloadLayoutEditing();
  preloadLayoutSettings();
  preloadDeleteStorage();
  preloadMissingInfo();
};

/** Spec doc 3 §2: the layout view is tab 1, the monitor tab 3, the storage details tab 4. */
type DetailTab = 1 | 3 | 4;

/** How a route opens the detail (doc 3 §2): plain, in hay-quality mode, or in the stack editor. */
export type StorageOpening = 'view' | 'quality' | 'edit';

/** A route id the spec accepts: digits only (spec doc 3 §2 "A non-numeric itemID renders nothing"). */
function numericId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** /storages/{itemID} and /storages/site/{itemID}: one storage of the selected account. */
export function StorageDetailPage({ opening = 'view' }: { opening?: StorageOpening }) {
  const { itemID } = useParams();
  const id = numericId(itemID);
  if (id === null) return null;
  return <StorageDetail key={`${id}-${opening}`} itemID={id} opening={opening} />;
}

/** /storages/{itemID}/quality: the detail opened in hay-quality mode (mode 4). */
export function StorageQualityPage() {
  return <StorageDetailPage opening="quality" />;
}

/** /storages/{itemID}/edit: the detail opened in the stack editor (edit mode). */
export function StorageEditPage() {
  return <StorageDetailPage opening="edit" />;
}

function StorageDetail({ itemID, opening }: { itemID: number; opening: StorageOpening }) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const storages = useStorages();
  const [tab, setTab] = useState<DetailTab>(1);
  // The page's moment (lib/renderContext.ts): a page drawn on the server is taken over as drawn.
  const nowS = useDrawnMomentSeconds();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedEditsGuard(dirty);
  usePreloadWhenSettled(preloadTabsAndEditors);
  if (storages.error)
    return <LoadErrorAlert error={storages.error} onRetry={() => void storages.refetch()} />;
  if (!storages.data) return <LoadingIndicator label={t('common.loading')} />;
  const storage = storages.data.find((s) => s.itemID === itemID);
  if (!storage) return <Alert severity="error">{t('storageDetail.notFound')}</Alert>;
  const editable = mayChange(roleContext, 'editStorage');
  const modes = visibleLayoutModes({
    admin: roleContext.admin,
    master: roleContext.master && !roleContext.grandMaster,
    service: roleContext.service,
    stacks: storageLayoutOf(storage.layoutType) === 'stacks',
    mayEdit: editable,
    // Spec doc 3 §2 mode 2 is "only if enabled", and no account or storage field enables it yet
    // (decision 0031): the mode and its text are in the registry, hidden until a switch exists.
    hayLoadsEnabled: false,
    nowS,
  });
  const initialMode: LayoutViewMode = opening === 'quality' ? 4 : opening === 'edit' ? 3 : 1;

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {storage.name}
      </Typography>
      <Tabs value={tab} onChange={(_, v: DetailTab) => (dirty ? guard.warn() : setTab(v))} sx={{ mb: 2 }}>
        <Tab value={1} label={t('storageDetail.layoutTab')} />
        <Tab value={3} label={t('storageDetail.monitorTab')} {...preloadOnIntent(preloadTabs)} />
        <Tab value={4} label={t('storageDetail.detailsTab')} {...preloadOnIntent(preloadTabs)} />
      </Tabs>
      {tab === 1 && (
        <StorageLayoutTab
          key={storage.itemID}
          storage={storage}
          editable={editable}
          onDirtyChange={setDirty}
          modes={modes}
          initialMode={initialMode}
          startEditing={opening === 'edit'}
          layoutSettings={{ segment: roleContext.plans[0]?.segment ?? null }}
        />
      )}
      <Suspense fallback={<LoadingIndicator label={t('common.loading')} />}>
        {tab === 3 && (
          // Which monitor watches the storage is a change of its alerts (docs/roles.md).
          <StorageMonitorTab
            storage={storage}
            readOnly={!editable || !mayChange(roleContext, 'editStorageAlerts')}
          />
        )}
        {tab === 4 && (
          <>
            <StorageDetailsTab
              key={storage.itemID}
              storage={storage}
              readOnly={!editable}
              // The web app does not load the Insight survey's answers yet (doc 1 §3; the survey is
              // not built): the capacity keeps the default maximum of 1000 until it does.
              survey={null}
            />
            {mayChange(roleContext, 'removeStorage') && (
              <Box sx={{ mt: 4 }}>
                <DeleteStorageButton storage={storage} />
              </Box>
            )}
          </>
        )}
      </Suspense>
      {editable && (
        <MissingInfoDialog
          storage={storage}
          probeIds={storageProbeIds(storage.sensor_layout, storage.stacks)}
          onOpenDetails={() => (dirty ? guard.warn() : setTab(4))}
        />
      )}
      <Snackbar open={guard.warning} autoHideDuration={guard.hideAfterMs} onClose={guard.close}>
        <Alert severity="warning" onClose={guard.close}>
          {t('storageDetail.unsavedEdits')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
