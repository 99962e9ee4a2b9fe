import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Storage } from '@emberwatch/shared';

/**
 * Tab 3 of the storage detail (spec doc 3 §2): the storage's monitor. The monitors feature (issue 11)
 * brings the monitor choice and its rules; until then a storage has no monitor to show, and the tab
 * says so with the storage status text of doc 3 §2, 'No monitor'.
 */
export function StorageMonitorTab({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" data-testid={`monitor-tab-${storage.itemID}`}>
      {t('storageDetail.noMonitor')}
    </Typography>
  );
}
