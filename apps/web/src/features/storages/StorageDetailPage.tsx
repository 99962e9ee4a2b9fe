import { useState } from 'react';
import Snackbar from '@mui/material/Snackbar';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { mayChange } from '@emberwatch/shared';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useShellContext } from '../../lib/shellContext';
import { useStorages } from './storageQueries';
import { DeleteStorageButton } from './DeleteStorageButton';
import { StorageDetailsTab } from './StorageDetailsTab';
import { StorageLayoutTab } from './StorageLayoutTab';
import { useUnsavedEditsGuard } from './useUnsavedEditsGuard';

/** Spec doc 3 §2: the layout view is tab 1, the storage details tab 4 (tab 3, the monitor, comes with the monitors). */
type DetailTab = 1 | 4;

/** A route id the spec accepts: digits only (spec doc 3 §2 "A non-numeric itemID renders nothing"). */
function numericId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** /storages/{itemID} and /storages/site/{itemID}: one storage of the selected account. */
export function StorageDetailPage() {
  const { itemID } = useParams();
  const id = numericId(itemID);
  if (id === null) return null;
  return <StorageDetail itemID={id} />;
}

function StorageDetail({ itemID }: { itemID: number }) {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const storages = useStorages();
  const [tab, setTab] = useState<DetailTab>(1);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedEditsGuard(dirty);
  if (storages.error)
    return <LoadErrorAlert error={storages.error} onRetry={() => void storages.refetch()} />;
  if (!storages.data) return <LoadingIndicator label={t('common.loading')} />;
  const storage = storages.data.find((s) => s.itemID === itemID);
  if (!storage) return <Alert severity="error">{t('storageDetail.notFound')}</Alert>;

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {storage.name}
      </Typography>
      <Tabs value={tab} onChange={(_, v: DetailTab) => (dirty ? guard.warn() : setTab(v))} sx={{ mb: 2 }}>
        <Tab value={1} label={t('storageDetail.layoutTab')} />
        <Tab value={4} label={t('storageDetail.detailsTab')} />
      </Tabs>
      {tab === 1 && (
        <StorageLayoutTab
          key={storage.itemID}
          storage={storage}
          editable={mayChange(roleContext, 'editStorage')}
          onDirtyChange={setDirty}
        />
      )}
      {tab === 4 && (
        <>
          <StorageDetailsTab
            key={storage.itemID}
            storage={storage}
            readOnly={!mayChange(roleContext, 'editStorage')}
          />
          {mayChange(roleContext, 'removeStorage') && (
            <Box sx={{ mt: 4 }}>
              <DeleteStorageButton storage={storage} />
            </Box>
          )}
        </>
      )}
      <Snackbar open={guard.warning} autoHideDuration={guard.hideAfterMs} onClose={guard.close}>
        <Alert severity="warning" onClose={guard.close}>
          {t('storageDetail.unsavedEdits')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
