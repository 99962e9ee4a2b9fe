import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BATCH_NAME_MAX } from '@emberwatch/shared/contracts/batches';
import { useSaveBatch } from './batchQueries';
import { ProbePicker } from './ProbePicker';
import { useStationName, useStationProbeNames } from './stationNames';

/**
 * A new batch on one of the account's stations: its name and probes; its phases, method, standard
 * and alert limit come from the account's default batch settings, and its first phase starts now.
 */
export function NewBatchDialog({
  stationIds,
  defaultStation,
  onClose,
  onCreated,
}: {
  stationIds: readonly string[];
  defaultStation: string;
  onClose: () => void;
  onCreated: (batchId: number) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [bsId, setBsId] = useState(
    stationIds.includes(defaultStation) ? defaultStation : (stationIds[0] ?? ''),
  );
  const [probes, setProbes] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const save = useSaveBatch();
  const stationName = useStationName();
  const stationProbes = useStationProbeNames(bsId || undefined);
  const nameError = tried && name.trim() === '';

  const submit = () => {
    setTried(true);
    if (name.trim() === '' || !bsId) return;
    save.mutate(
      { BS_ID: bsId, batch_name: name.trim(), status: 1, probes },
      { onSuccess: (b) => onCreated(b.batch_id) },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('batches.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('batches.fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            helperText={nameError ? t('batches.errors.name') : undefined}
            slotProps={{ htmlInput: { maxLength: BATCH_NAME_MAX, 'data-testid': 'new-batch-name' } }}
            autoFocus
          />
          {stationIds.length > 1 && (
            <TextField
              select
              label={t('batches.fields.station')}
              value={bsId}
              onChange={(e) => {
                setBsId(e.target.value);
                setProbes([]);
              }}
            >
              {stationIds.map((id) => (
                <MenuItem key={id} value={id}>
                  {stationName(id)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ProbePicker
            options={stationProbes.probes.map((p) => p.id)}
            value={probes}
            onChange={setProbes}
            label={stationProbes.label}
          />
          <Typography variant="body2" color="text.secondary">
            {t('batches.create.phasesFromDefaults')}
          </Typography>
          {save.error && (
            <Alert severity="error">{t('batches.failed', { message: save.error.message })}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('batches.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="new-batch-create">
          {t('batches.create.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
