import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/Edit';
import { isValidEmail, type AccountInfo } from '@emberwatch/shared/contracts/account';
import type { TranslationKey } from '../../i18n/translationKey';
import { useUpdateProfile } from './accountQueries';
import { useAccountSnackbar } from './AccountSnackbar';
import { countryName, countryOptions } from './countries';
import { EditValueDialog } from '../settings';
import { FieldRow } from '../../ui/FieldRow';

type Field = 'firstname' | 'lastname' | 'email' | 'country' | 'address' | 'zip' | 'city';

const FIELDS: readonly { field: Field; label: TranslationKey; max: number; required?: boolean }[] = [
  { field: 'firstname', label: 'account.profile.firstname', max: 100, required: true },
  { field: 'lastname', label: 'account.profile.lastname', max: 100 },
  { field: 'email', label: 'account.profile.email', max: 254 },
  { field: 'country', label: 'account.profile.country', max: 2 },
  { field: 'address', label: 'account.profile.address', max: 200 },
  { field: 'zip', label: 'account.profile.zip', max: 20 },
  { field: 'city', label: 'account.profile.city', max: 100 },
];

/** The account's profile fields (spec doc 2 §3 "User"), each edited in its own dialog. */
export function ProfileSection({ account }: { account: AccountInfo }) {
  const { t, i18n } = useTranslation();
  const notify = useAccountSnackbar();
  const update = useUpdateProfile(account);
  const [editing, setEditing] = useState<(typeof FIELDS)[number] | null>(null);
  const notSet = <Typography color="text.secondary">{t('account.notSet')}</Typography>;
  const shown = (field: Field) => {
    const v = account[field];
    if (!v) return notSet;
    return field === 'country' ? countryName(v, i18n.language) : v;
  };

  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }} data-testid="account-profile">
      {FIELDS.map((f) => (
        <FieldRow
          key={f.field}
          testId={`account-field-${f.field}`}
          label={t(f.label)}
          value={shown(f.field)}
          action={
            account.mayEdit ? (
              <IconButton
                aria-label={t('account.edit', { field: t(f.label) })}
                onClick={() => setEditing(f)}
                data-testid={`edit-${f.field}`}
              >
                <Edit fontSize="small" />
              </IconButton>
            ) : undefined
          }
        />
      ))}
      {editing && (
        <EditValueDialog
          title={t('account.edit', { field: t(editing.label) })}
          initial={account[editing.field] ?? ''}
          required={editing.required ?? false}
          problem={
            editing.field === 'email'
              ? (v) => (v.trim() === '' || isValidEmail(v.trim()) ? null : t('account.errors.invalid_email'))
              : undefined
          }
          onClose={() => setEditing(null)}
          onSave={async (value) => {
            await update.mutateAsync({ [editing.field]: value });
            notify(t('account.saved'));
          }}
        >
          {(value, setValue, error) =>
            editing.field === 'country' ? (
              <TextField
                select
                autoFocus
                fullWidth
                margin="dense"
                label={t(editing.label)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'country-select' } }}
              >
                {value === '' && <option value="">{t('account.notSet')}</option>}
                {countryOptions(i18n.language).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </TextField>
            ) : (
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                label={t(editing.label)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                error={error !== null}
                helperText={error ?? ' '}
                slotProps={{
                  htmlInput: {
                    maxLength: editing.max,
                    inputMode: editing.field === 'email' ? 'email' : 'text',
                  },
                }}
              />
            )
          }
        </EditValueDialog>
      )}
    </Paper>
  );
}
