import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { useShellContext } from '../../lib/shellContext';
import { useSaveStorage } from '../storages';
import { storedPeriodOf, type QualityPeriodChoice } from './qualityPeriodChoice';

/**
 * Keeps the chosen period as the storage's (spec doc 3 §3 Storage.qualityPeriod), for those who may
 * change the storage (masters who are not grand masters may not, doc 3 §6). Shown only while the
 * choice differs from the saved period. A failed save is not shown, as doc 3 §8 has it for storage
 * saves; the button stays, so it can be pressed again.
 */
export function SavePeriodButton({ storage, choice }: { storage: Storage; choice: QualityPeriodChoice }) {
  const { t } = useTranslation();
  // Outside the logged-in shell (no outlet context) nothing is editable.
  const shell = useShellContext() as ReturnType<typeof useShellContext> | undefined;
  const save = useSaveStorage();
  const wanted = storedPeriodOf(choice);
  const saved = storage.qualityPeriod;
  const same =
    JSON.stringify(wanted) === JSON.stringify(saved === null ? null : { from: saved.from, to: saved.to });
  if (!shell || !mayChange(shell.roleContext, 'editStorage') || same) return null;
  const { UID: _uid, undefinedLayoutType: _undefined, updated_ts: _updated, ...input } = storage;
  return (
    <Button
      size="small"
      disabled={save.isPending}
      onClick={() => save.mutate({ ...input, qualityPeriod: wanted })}
    >
      {t('quality.period.save')}
    </Button>
  );
}
