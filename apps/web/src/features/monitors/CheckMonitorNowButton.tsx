import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Refresh from '@mui/icons-material/Refresh';
import { useProcessStorageMonitors } from './monitorQueries';

/**
 * "Check now" on a storage's monitor tab (decision 0108): the monitor judges the storage's latest
 * readings at once instead of at the next one, after a monitor was just chosen or changed. It changes
 * no setting, so a read-only master may use it too.
 */
export function CheckMonitorNowButton({ bsId, storageId }: { bsId: string; storageId: number }) {
  const { t } = useTranslation();
  const run = useProcessStorageMonitors();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<Refresh />}
        disabled={run.isPending}
        onClick={() => run.mutate({ bsId, itemIDs: [storageId] })}
      >
        {t('monitors.storageTab.checkNow')}
      </Button>
      {run.isSuccess && (
        <Alert severity="success" role="status">
          {t(run.data.changes > 0 ? 'monitors.storageTab.checkedSome' : 'monitors.storageTab.checkedNone')}
        </Alert>
      )}
      {run.isError && <Alert severity="error">{t('monitors.storageTab.checkFailed')}</Alert>}
    </Stack>
  );
}
