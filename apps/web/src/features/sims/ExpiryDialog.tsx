import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { refusalText } from '../../lib/refusalText';
import { useSetSimExpiration } from './simsQueries';

/** YYYY-MM-DD of epoch seconds (UTC: the operator's dates are days, not moments). */
function dayOf(ts: number | null): string {
  return ts === null ? '' : new Date(ts * 1000).toISOString().slice(0, 10);
}

/** When a SIM's (or a station's) subscription ends (POST setSIMExpiration): a day, or none. */
export function ExpiryDialog({
  what,
  target,
  expTs,
  onClose,
}: {
  what: string;
  target: { SIM: string } | { BS_ID: string };
  expTs: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(dayOf(expTs));
  const [none, setNone] = useState(expTs === null);
  const save = useSetSimExpiration();
  const ts = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) / 1000 : NaN;
  const valid = none || Number.isFinite(ts);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) save.mutate({ ...target, exp_ts: none ? null : ts }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('sims.expiry.title', { what })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              type="date"
              label={t('sims.expiry.date')}
              value={day}
              disabled={none}
              onChange={(e) => setDay(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'sim-expiry-date' } }}
            />
            <FormControlLabel
              control={<Switch checked={none} onChange={(e) => setNone(e.target.checked)} />}
              label={t('sims.expiry.none')}
            />
            {save.error && <Alert severity="error">{refusalText(save.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('sims.expiry.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid || save.isPending}>
            {t('sims.expiry.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
