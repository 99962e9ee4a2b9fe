import { useState, type FormEvent } from 'react';
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
import type { Sim } from '@emberwatch/shared/contracts/sims';
import { iccidProblem, normalizeIccid, SIM_STATUSES, type SimStatus } from '@emberwatch/shared/domain/sims';
import { useSetBsSim } from './simsQueries';
import { refusalText } from '../../lib/refusalText';

/**
 * The SIM edit dialog of the base-station settings (spec doc 2 §2.6 "SIM", §7 "Save SIM (BS_ID, SIM,
 * SIMstatus)"): the number, checked as typed (decision 0092), and the status; terminating warns that
 * it is for good. The server asks the operator first and says why when it cannot.
 */
export function SimEditDialog({
  bsId,
  sim,
  onClose,
}: {
  bsId: string;
  sim: Sim | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(sim?.iccid ?? '');
  const [status, setStatus] = useState<SimStatus>(sim?.status ?? 'Active');
  const save = useSetBsSim();
  const iccid = normalizeIccid(number.trim());
  const problem = iccid === '' ? null : iccidProblem(iccid);
  const terminated = sim?.status === 'Terminated' && iccid === sim.iccid;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    save.mutate({ BS_ID: bsId, SIM: iccid, SIMstatus: status }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('sims.dialog.title', { bsId })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('sims.dialog.number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={problem !== null}
              helperText={problem ? t(`sims.numberErrors.${problem}`) : t('sims.dialog.numberHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'sim-number', inputMode: 'numeric', maxLength: 40 } }}
            />
            <TextField
              select
              label={t('sims.dialog.status')}
              value={status}
              disabled={iccid === '' || terminated}
              onChange={(e) => setStatus(e.target.value as SimStatus)}
              slotProps={{ htmlInput: { 'data-testid': 'sim-status' } }}
            >
              {SIM_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`sims.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            {terminated && <Alert severity="info">{t('sims.dialog.terminated')}</Alert>}
            {!terminated && status === 'Terminated' && sim?.status !== 'Terminated' && (
              <Alert severity="warning" data-testid="sim-terminate-warning">
                {t('sims.dialog.terminateWarning')}
              </Alert>
            )}
            {save.error && (
              <Alert severity="error" data-testid="sim-save-error">
                {refusalText(save.error)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('sims.dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={problem !== null || save.isPending}>
            {t('sims.dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
