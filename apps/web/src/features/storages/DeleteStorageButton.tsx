import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { lazyWithPreload } from '../../lib/lazyWithPreload';
import { preloadOnIntent } from '../../lib/preloadAhead';
import { useOpenedOnce } from '../../lib/useOpenedOnce';

// The confirmation and MUI's Dialog come when asked for: a storage's page opens without them (decision
// 0178), fetched ahead on the button's intent or once the page has settled.
const DeleteStorageDialog = lazyWithPreload(() =>
  import('./DeleteStorageDialog').then((m) => ({ default: m.DeleteStorageDialog })),
);
export const preloadDeleteStorage = () => void DeleteStorageDialog.preload();

/** Spec doc 3 §4: the detail's delete button, which asks before it deletes (DeleteStorageDialog). */
export function DeleteStorageButton({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        {...preloadOnIntent(preloadDeleteStorage)}
      >
        {t('storageDetail.delete')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <DeleteStorageDialog storage={storage} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
