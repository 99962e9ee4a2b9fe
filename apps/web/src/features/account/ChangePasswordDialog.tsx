import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  PASSWORD_STATUS,
  passwordChangeProblems,
  type ChangePasswordRequest,
  type PasswordChangeProblem,
} from '@emberwatch/shared/contracts/account';
import { isApiRequestError } from '../../lib/ApiRequestError';
import type { TranslationKey } from '../../i18n/translationKey';
import { useChangePassword } from './accountQueries';
import { useAccountSnackbar } from './AccountSnackbar';

const PROBLEM_TEXTS: Record<PasswordChangeProblem, TranslationKey> = {
  oldRequired: 'account.password.errors.oldRequired',
  tooShort: 'account.password.errors.tooShort',
  mismatch: 'account.password.errors.mismatch',
};

/** Whose password: the caller's own (old one needed), or a customer's an admin sets (UID and username). */
export type PasswordTarget = { own: true } | { own: false; UID: number; username: string };

/**
 * Change password (spec doc 2 §5: old required, new at least 5, confirmation must match; §8: 1003 and
 * 1009 the old password is incorrect, 1001 one is missing; §2.6: a snackbar says it changed).
 */
export function ChangePasswordDialog({ target, onClose }: { target: PasswordTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useAccountSnackbar();
  const change = useChangePassword();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmation: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problems = passwordChangeProblems({ ...values, oldRequired: target.own });
  const problemOf = (field: keyof typeof values): string | null => {
    const p = problems.find(
      (x) =>
        (field === 'oldPassword' && x === 'oldRequired') ||
        (field === 'newPassword' && x === 'tooShort') ||
        (field === 'confirmation' && x === 'mismatch'),
    );
    return p && (submitted || touched[field]) ? t(PROBLEM_TEXTS[p]) : null;
  };

  async function submit() {
    setSubmitted(true);
    setError(null);
    if (problems.length > 0) return;
    const body: ChangePasswordRequest = target.own
      ? { oldPassword: values.oldPassword, newPassword: values.newPassword }
      : { UID: target.UID, username: target.username, newPassword: values.newPassword };
    try {
      await change.mutateAsync(body);
      notify(t('account.password.changed'));
      onClose();
    } catch (e) {
      const code = isApiRequestError(e) ? e.statusCode : null;
      setError(
        code === PASSWORD_STATUS.oldIncorrect || code === PASSWORD_STATUS.tooManyAttempts
          ? t('account.password.errors.oldIncorrect')
          : code === PASSWORD_STATUS.missing
            ? t('account.password.errors.missing')
            : t('account.saveFailed'),
      );
    }
  }

  const field = (
    name: keyof typeof values,
    label: TranslationKey,
    autoComplete: string,
    autoFocus = false,
  ) => (
    <TextField
      fullWidth
      margin="dense"
      type="password"
      autoFocus={autoFocus}
      label={t(label)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
      error={problemOf(name) !== null}
      helperText={problemOf(name) ?? ' '}
      slotProps={{ htmlInput: { autoComplete, maxLength: 200 } }}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="password-dialog-title">
      <DialogTitle id="password-dialog-title">{t('account.password.title')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="password-error">
            {error}
          </Alert>
        )}
        {!target.own && (
          <DialogContentText sx={{ mb: 1 }}>
            {t('account.password.forCustomer', { username: target.username })}
          </DialogContentText>
        )}
        <form
          id="password-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!change.isPending) void submit();
          }}
        >
          {target.own && field('oldPassword', 'account.password.old', 'current-password', true)}
          {field('newPassword', 'account.password.new', 'new-password', !target.own)}
          {field('confirmation', 'account.password.confirm', 'new-password')}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('account.cancel')}</Button>
        <Button type="submit" form="password-form" variant="contained" disabled={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
