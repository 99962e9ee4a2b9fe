import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FC_NAME_MAX, type FcItem } from '@emberwatch/shared/contracts/fans';
import { refusalText } from '../../lib/refusalText';
import { rcBatchChoices, rcModeOf, type RcMode } from './rcChoices';
import { useOngoingBatches, useSaveRcAssignment } from './rcQueries';

interface Draft {
  name: string;
  verbose: boolean;
  mode: RcMode;
  batchRef: number | null;
  monitorRef: number | null;
}

const NONE = 'none';

/**
 * The RC unit settings dialog (spec doc 2 §2, §5, §7): a channel's name, verbose log, manual or
 * automatic with the manual command, the batch it runs for and the monitor whose fan rule drives it.
 * Save only after an edit; the batch choice lists the account's ongoing batches that are not an
 * admin's (or the current one), those another RC channel runs for disabled.
 */
export function RcUnitSettingsDialog({
  item,
  channels,
  monitors,
  uid,
  onClose,
}: {
  item: FcItem;
  /** The account's RC channels, to tell the batches another channel runs for. */
  channels: readonly FcItem[];
  /** The account's monitors with a fan rule: what may drive the channel. */
  monitors: readonly { itemID: number; name: string }[];
  uid: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const initial: Draft = {
    name: item.name ?? '',
    verbose: item.verbose,
    mode: rcModeOf(item),
    batchRef: item.batchRef,
    monitorRef: item.monitorRef,
  };
  const [draft, setDraft] = useState<Draft>(initial);
  const batches = useOngoingBatches(uid);
  const save = useSaveRcAssignment();
  const choices = rcBatchChoices(batches.data ?? [], channels, item);
  // A batch no longer listed (completed, archived) stays visible while it is the channel's own.
  const edited = JSON.stringify(draft) !== JSON.stringify(initial);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const onSave = () =>
    save.mutate(
      {
        UID: uid,
        fc_id: item.FC_ID,
        channel: item.channel,
        name: draft.name.trim(),
        verbose: draft.verbose,
        isManual: draft.mode !== 'auto',
        manualCommand: draft.mode === 'on' ? 1 : 0,
        batchRef: draft.batchRef,
        monitorRef: draft.monitorRef,
      },
      { onSuccess: onClose },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby="rc-unit-title" fullWidth maxWidth="sm">
      <DialogTitle id="rc-unit-title">
        {t('fans.rc.settingsTitle', { id: item.FC_ID, channel: item.channel })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('fans.rc.name')}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: FC_NAME_MAX } }}
          />
          <TextField
            select
            label={t('fans.rc.mode')}
            value={draft.mode}
            onChange={(e) => set({ mode: e.target.value as RcMode })}
          >
            <MenuItem value="auto">{t('fans.rc.modes.auto')}</MenuItem>
            <MenuItem value="off">{t('fans.rc.modes.off')}</MenuItem>
            <MenuItem value="on">{t('fans.rc.modes.on')}</MenuItem>
          </TextField>
          <TextField
            select
            label={t('fans.rc.batch')}
            value={draft.batchRef === null ? NONE : String(draft.batchRef)}
            onChange={(e) => set({ batchRef: e.target.value === NONE ? null : Number(e.target.value) })}
            helperText={batches.isError ? t('fans.rc.batchesFailed') : t('fans.rc.batchHelp')}
          >
            <MenuItem value={NONE}>{t('fans.rc.noBatch')}</MenuItem>
            {choices.map((c) => (
              <MenuItem key={c.batch.batch_id} value={String(c.batch.batch_id)} disabled={c.disabled}>
                {c.disabled ? t('fans.rc.batchUsed', { name: c.batch.batch_name }) : c.batch.batch_name}
              </MenuItem>
            ))}
            {draft.batchRef !== null && !choices.some((c) => c.batch.batch_id === draft.batchRef) && (
              <MenuItem value={String(draft.batchRef)}>#{draft.batchRef}</MenuItem>
            )}
          </TextField>
          <TextField
            select
            label={t('fans.rc.monitor')}
            value={draft.monitorRef === null ? NONE : String(draft.monitorRef)}
            onChange={(e) => set({ monitorRef: e.target.value === NONE ? null : Number(e.target.value) })}
            helperText={t('fans.rc.monitorHelp')}
          >
            <MenuItem value={NONE}>{t('fans.rc.noMonitor')}</MenuItem>
            {monitors.map((m) => (
              <MenuItem key={m.itemID} value={String(m.itemID)}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox checked={draft.verbose} onChange={(e) => set({ verbose: e.target.checked })} />
            }
            label={t('fans.rc.verbose')}
          />
          {save.isError && (
            <Alert severity="error">
              {t('fans.rc.saveFailed', {
                reason: refusalText(save.error),
              })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('fans.rc.cancel')}</Button>
        <Button variant="contained" disabled={!edited || save.isPending} onClick={onSave}>
          {t('fans.rc.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
