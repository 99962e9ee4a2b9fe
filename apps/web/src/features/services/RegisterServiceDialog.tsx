import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ServiceValues } from '@emberwatch/shared/contracts/services';
import {
  SERVICE_KINDS,
  SERVICE_LIMITS,
  serviceProblem,
  type ServiceKind,
} from '@emberwatch/shared/domain/services';
import { refusalText } from '../../lib/refusalText';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { DayField } from '../../ui/DayField';
import { useUiPreferences } from '../sessions';
import { useRegisterService } from './servicesQueries';

/** The end of a day (yyyy-MM-dd) in the browser's time, epoch s: a service runs through its last day. */
function endOfDay(isoDay: string): number {
  return Math.floor(new Date(`${isoDay}T23:59:59`).getTime() / 1000);
}

const todayPlus = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Registers a service for an account (POST registerService): the kind, its value, an end or none, and
 * a note (an invoice number). The running one of the kind ends; the rules are the server's, checked
 * here first so a wrong value is said before it is sent.
 */
export function RegisterServiceDialog({
  uid,
  current,
  onClose,
}: {
  uid: number;
  current: ServiceValues;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const register = useRegisterService();
  const nowS = useNowSeconds(60_000);
  const [kind, setKind] = useState<ServiceKind>('subUsers');
  const [value, setValue] = useState(String(current.subUsers));
  const [ends, setEnds] = useState(true);
  const [day, setDay] = useState(() => todayPlus(365));
  const [note, setNote] = useState('');
  const untilTs = ends ? endOfDay(day) : null;
  const n = Number(value);
  const problem = serviceProblem(kind, n, untilTs, nowS);
  const serverError = register.error ? refusalText(register.error) : null;

  const pick = (k: ServiceKind) => {
    setKind(k);
    setValue(String(k === 'subUsers' ? current.subUsers : current[k] ? 0 : 1));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    register.mutate({ UID: uid, kind, value: n, untilTs, note: note.trim() || null }, { onSuccess: onClose });
  };
  const { min, max } = SERVICE_LIMITS[kind];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="register-service-dialog">
        <DialogTitle>{t('services.register.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('services.register.kind')}
              value={kind}
              onChange={(e) => pick(e.target.value as ServiceKind)}
              slotProps={{ htmlInput: { 'data-testid': 'service-kind' } }}
            >
              {SERVICE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`services.kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            {kind === 'subUsers' ? (
              <TextField
                type="number"
                label={t('services.register.users')}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                error={problem === 'value'}
                helperText={t('services.register.usersHelp', { min, max })}
                slotProps={{ htmlInput: { min, max, 'data-testid': 'service-value' } }}
              />
            ) : (
              <FormControlLabel
                control={
                  <Switch
                    checked={n === 1}
                    onChange={(e) => setValue(e.target.checked ? '1' : '0')}
                    slotProps={{ input: { 'aria-label': t(`services.register.switch.${kind}`) } }}
                  />
                }
                label={t(`services.register.switch.${kind}`)}
              />
            )}
            <FormControlLabel
              control={<Switch checked={ends} onChange={(e) => setEnds(e.target.checked)} />}
              label={t('services.register.ends')}
            />
            {ends && (
              <DayField
                label={t('services.register.until')}
                value={day}
                onChange={setDay}
                dateFormat={prefs.date_format}
                testId="service-until"
              />
            )}
            <TextField
              label={t('services.register.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Alert severity="info">{t('services.register.explain')}</Alert>
            {problem && problem !== 'value' && (
              <Alert severity="warning">{t(`services.problem.${problem}`)}</Alert>
            )}
            {serverError && (
              <Alert severity="error" data-testid="register-service-error">
                {serverError}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('services.register.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={problem !== null || register.isPending}>
            {t('services.register.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
