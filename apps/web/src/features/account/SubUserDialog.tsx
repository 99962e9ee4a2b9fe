import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  subUserProblems,
  type AccountInfo,
  type SubUser,
  type SubUserForm,
  type SubUserInput,
} from '@emberwatch/shared/contracts/account';
import { isApiRequestError } from '../../lib/ApiRequestError';
import type { TranslationKey } from '../../i18n/translationKey';
import { useCheckUsername, useSaveSubUser } from './accountQueries';
import { useAccountSnackbar } from './AccountSnackbar';

/** The rule's problem codes (contracts/account.ts) and their texts. */
const PROBLEM_TEXTS: Record<string, TranslationKey> = {
  name_required: 'account.errors.name_required',
  invalid_email: 'account.errors.invalid_email',
  username_too_short: 'account.errors.username_too_short',
  username_err: 'account.errors.username_err',
  username_exists: 'account.errors.username_exists',
  pwd_too_short: 'account.errors.pwd_too_short',
  phone_required: 'account.phone.errors.phone_required',
  phone_invalid: 'account.phone.errors.phone_invalid',
  phone_too_short: 'account.phone.errors.phone_too_short',
};

type FieldName = keyof SubUserForm;

/**
 * Add or edit a sub-user (spec doc 2 §2.8 "edit or add user", §4 "Sub-user", §5): name, phone (8
 * numbers at least), an optional valid e-mail; a login with a unique username and a password of 5 at
 * least. Once a sub-user has had a login its username is fixed; a new password is then optional.
 */
export function SubUserDialog({
  account,
  subUser,
  onClose,
}: {
  account: AccountInfo;
  subUser: SubUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useAccountSnackbar();
  const save = useSaveSubUser(account);
  const checkUsername = useCheckUsername(account);
  const usernameFixed = subUser?.username != null;
  const loginAlreadyEnabled = subUser?.loginEnabled ?? false;
  const [form, setForm] = useState<SubUserForm>({
    name: subUser?.name ?? '',
    mobilePhone: subUser?.mobilePhone ?? '',
    email: subUser?.email ?? '',
    loginEnabled: subUser?.loginEnabled ?? false,
    username: subUser?.username ?? '',
    password: '',
  });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [takenName, setTakenName] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const problems: Partial<Record<FieldName, string>> = subUserProblems(form, loginAlreadyEnabled);
  if (!problems.username && form.loginEnabled && !usernameFixed && takenName === form.username.trim())
    problems.username = 'username_exists';
  const shownProblem = (field: FieldName) => {
    const p = problems[field];
    return p && (submitted || touched[field]) ? t(PROBLEM_TEXTS[p] ?? 'account.saveFailed') : null;
  };
  const set = (field: FieldName, value: string | boolean) => setForm((f) => ({ ...f, [field]: value }));
  const touch = (field: FieldName) => setTouched((s) => ({ ...s, [field]: true }));

  async function checkName() {
    touch('username');
    const name = form.username.trim();
    if (usernameFixed || problems.username) return;
    try {
      const res = await checkUsername(name);
      if (res.problem === 'username_exists') setTakenName(name);
    } catch {
      // The save will tell.
    }
  }

  async function submit() {
    setSubmitted(true);
    setFailed(null);
    if (Object.keys(problems).length > 0) return;
    const user: SubUserInput = {
      name: form.name.trim(),
      mobilePhone: form.mobilePhone.trim(),
      email: form.email.trim(),
      loginEnabled: form.loginEnabled,
      ...(form.loginEnabled && !usernameFixed ? { username: form.username.trim() } : {}),
      ...(form.loginEnabled && form.password !== '' ? { password: form.password } : {}),
    };
    try {
      await save.mutateAsync({ id: subUser?.U_ID ?? null, user });
      notify(t('account.saved'));
      onClose();
    } catch (e) {
      if (isApiRequestError(e) && e.httpStatus === 409) {
        setTakenName(form.username.trim());
        return;
      }
      setFailed(
        isApiRequestError(e) && e.httpStatus === 403
          ? t('account.users.limitReached')
          : t('account.saveFailed'),
      );
    }
  }

  const field = (name: 'name' | 'mobilePhone' | 'email', label: TranslationKey, extra: object = {}) => (
    <TextField
      fullWidth
      margin="dense"
      label={t(label)}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
      onBlur={() => touch(name)}
      error={shownProblem(name) !== null}
      helperText={shownProblem(name) ?? ' '}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sub-user-dialog-title">
      <DialogTitle id="sub-user-dialog-title">
        {t(subUser ? 'account.users.dialogEdit' : 'account.users.dialogAdd')}
      </DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failed}
          </Alert>
        )}
        <form
          id="sub-user-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!save.isPending) void submit();
          }}
        >
          {field('name', 'account.users.name', {
            autoFocus: true,
            slotProps: { htmlInput: { maxLength: 100 } },
          })}
          {field('mobilePhone', 'account.users.mobilePhone', {
            slotProps: { htmlInput: { inputMode: 'tel', maxLength: 40 } },
          })}
          {field('email', 'account.users.email', {
            slotProps: { htmlInput: { inputMode: 'email', maxLength: 254 } },
          })}
          <FormControlLabel
            control={
              <Switch checked={form.loginEnabled} onChange={(e) => set('loginEnabled', e.target.checked)} />
            }
            label={t('account.users.loginEnabled')}
          />
          {form.loginEnabled && (
            <>
              <TextField
                fullWidth
                margin="dense"
                label={t('account.users.username')}
                value={form.username}
                disabled={usernameFixed}
                onChange={(e) => set('username', e.target.value)}
                onBlur={() => void checkName()}
                error={shownProblem('username') !== null}
                helperText={
                  shownProblem('username') ??
                  t(usernameFixed ? 'account.users.usernameFixed' : 'account.users.usernameHelp')
                }
                slotProps={{ htmlInput: { maxLength: 50, autoComplete: 'off' } }}
              />
              <TextField
                fullWidth
                margin="dense"
                type="password"
                label={t(loginAlreadyEnabled ? 'account.users.newPassword' : 'account.users.password')}
                value={form.password}
                onChange={(e) => set('password', e.target.value)}
                onBlur={() => touch('password')}
                error={shownProblem('password') !== null}
                helperText={shownProblem('password') ?? ' '}
                slotProps={{ htmlInput: { autoComplete: 'new-password', maxLength: 200 } }}
              />
            </>
          )}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('account.cancel')}</Button>
        <Button type="submit" form="sub-user-form" variant="contained" disabled={save.isPending}>
          {t('account.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
