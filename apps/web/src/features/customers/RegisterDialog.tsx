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
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import {
  registrationProblems,
  type RegistrationForm,
  type RegistrationProblems,
} from '@emberwatch/shared/domain/customers/customerRegistration';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { isApiRequestError } from '../../lib/ApiRequestError';
import { refusalText } from '../../lib/refusalText';
import { useRegisterCustomer } from './customersQueries';

const EMPTY: RegistrationForm = {
  username: '',
  email: '',
  firstname: '',
  lastname: '',
  phone: '',
  country: '',
};
const FIELDS = ['username', 'email', 'firstname', 'lastname', 'phone', 'country'] as const;

/**
 * "Register customer" (POST registerUser; decision 0098): a new account by the shared rule, checked as
 * typed once the form was sent; its first login goes to the e-mail address given, and the owner sets
 * the password there — staff never choose or see it. A taken username is told at the field.
 */
export function RegisterDialog({
  onClose,
  onRegistered,
}: {
  onClose: () => void;
  onRegistered: (uid: number) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [language, setLanguage] = useState<Language>('en');
  const [sent, setSent] = useState(false);
  const register = useRegisterCustomer();
  const problems: RegistrationProblems = registrationProblems(form);
  const taken = isApiRequestError(register.error) && register.error.httpStatus === 409;
  const shown = (f: (typeof FIELDS)[number]): string | undefined => {
    if (f === 'username' && taken) return t('customers.errors.username_exists');
    const p = sent ? (problems as Record<string, string | undefined>)[f] : undefined;
    return p ? t(`customers.errors.${p}` as 'customers.errors.email_required') : undefined;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    if (Object.keys(problems).length > 0) return;
    register.mutate(
      {
        username: form.username.trim(),
        email: form.email.trim(),
        firstname: form.firstname.trim(),
        lastname: form.lastname.trim(),
        ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
        country: form.country.trim().toLowerCase(),
        language,
      },
      {
        onSuccess: (r) => {
          onClose();
          onRegistered(r.U_ID);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="register-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="register-title">{t('customers.register.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">{t('customers.register.firstLogin')}</Alert>
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={t(`customers.register.${f}`)}
                value={form[f]}
                required={f === 'username' || f === 'email' || f === 'country'}
                onChange={(e) => setForm((v) => ({ ...v, [f]: e.target.value }))}
                error={shown(f) !== undefined}
                helperText={shown(f) ?? t(`customers.register.${f}Help`)}
                type={f === 'email' ? 'email' : 'text'}
                slotProps={{
                  htmlInput: { 'data-testid': `register-${f}`, maxLength: f === 'country' ? 2 : 254 },
                }}
              />
            ))}
            <TextField
              select
              label={t('customers.register.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </MenuItem>
              ))}
            </TextField>
            {register.error && !taken && (
              <Alert severity="error" data-testid="register-error">
                {refusalText(register.error)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('customers.register.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={register.isPending}>
            {t('customers.register.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
