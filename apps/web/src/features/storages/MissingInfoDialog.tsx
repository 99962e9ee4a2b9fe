import { Suspense, useState } from 'react';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { missingStorageInfo } from '@emberwatch/shared/domain/storageLayout/storageCapacity';
import { lazyWithPreload } from '../../lib/lazyWithPreload';
import { useAutoOpen } from '../../lib/useAutoOpen';
import { useOpenedOnce } from '../../lib/useOpenedOnce';
import { useSessionInfo } from '../sessions';

/** The dialog's name, per storage, in the session's memory of windows that open by itself (decision 0077). */
export const missingInfoWindow = (itemID: number) => `missingInfo:${itemID}`;

// The window and MUI's Dialog come when it opens: a storage with its information given opens without
// them (decision 0178); fetched ahead once the page has settled.
const MissingInfoWindow = lazyWithPreload(() =>
  import('./MissingInfoWindow').then((m) => ({ default: m.MissingInfoWindow })),
);
export const preloadMissingInfo = () => void MissingInfoWindow.preload();

/**
 * Spec doc 3 §5 "A missing-info dialog is triggered when capacity, type or name is missing, or when
 * there are more than 5 hay-type probes together with non-hay probes" (the shared missingStorageInfo).
 * It opens by itself when the storage opens, to those who may change it — once in the tab session
 * per storage, not after it was closed and not over another dialog (useAutoOpen, decision 0077);
 * "Open storage details" leads to tab 4 where the fields are, "Later" closes it.
 */
export function MissingInfoDialog({
  storage,
  probeIds,
  onOpenDetails,
}: {
  storage: Storage;
  probeIds: readonly string[];
  onOpenDetails: () => void;
}) {
  const uid = useSessionInfo().data?.UID;
  const [shown, setShown] = useState(false);
  const missing = missingStorageInfo(storage, probeIds);
  const auto = useAutoOpen({
    name: missingInfoWindow(storage.itemID),
    uid,
    ready: true,
    wanted: missing.length > 0,
    delayMs: 0,
    onOpen: () => setShown(true),
    subject: String(storage.itemID),
  });
  const open = shown && missing.length > 0;
  const opened = useOpenedOnce(open);
  const close = () => {
    auto.closed();
    setShown(false);
  };
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MissingInfoWindow
        open={open}
        missing={missing}
        onLater={close}
        onOpenDetails={() => {
          close();
          onOpenDetails();
        }}
      />
    </Suspense>
  );
}
