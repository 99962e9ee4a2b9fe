import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STAFF_LEVEL_NAMES, type StaffLevel } from '@emberwatch/shared/domain/operatorTools';
import { STAFF_LEVELS } from '@emberwatch/shared/domain/roles';
import { grantableLevels } from '@emberwatch/shared/domain/staff/staffRules';
import { useAddStaff } from './staffQueries';
import { refusalText } from '../../lib/refusalText';
import type { Me } from './StaffTable';

type Kind = 'existing' | 'new';

/**
 * Adding staff (decision 0099): an existing account by its username, or a new staff account whose
 * first login goes to its e-mail address. The levels the viewer may not give are disabled.
 */
export function AddStaffForm({ me, onDone }: { me: Me; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const add = useAddStaff();
  const grantable = grantableLevels(me.level);
  const [kind, setKind] = useState<Kind>('existing');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [level, setLevel] = useState<StaffLevel>('sales');
  const disabled = grantable.length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const admin_group = STAFF_LEVELS[level];
    const body =
      kind === 'existing'
        ? { kind, username: username.trim(), admin_group }
        : { kind, username: username.trim(), email: email.trim(), firstname, lastname, admin_group };
    add.mutate(body, {
      onSuccess: () => {
        onDone(t(kind === 'existing' ? 'staff.done.added' : 'staff.done.created', { user: username.trim() }));
        setUsername('');
        setEmail('');
        setFirstname('');
        setLastname('');
      },
    });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={submit}
      aria-label={t('staff.add.title')}
    >
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('staff.add.title')}
        </Typography>
        {disabled && <Typography variant="body2">{t('staff.refusals.notManager')}</Typography>}
        <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <FormControlLabel
            value="existing"
            control={<Radio />}
            label={t('staff.add.existing')}
            disabled={disabled}
          />
          <FormControlLabel value="new" control={<Radio />} label={t('staff.add.new')} disabled={disabled} />
        </RadioGroup>
        <TextField
          label={t('staff.add.username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={disabled}
          required
          size="small"
        />
        {kind === 'new' && (
          <>
            <TextField
              label={t('staff.add.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              helperText={t('staff.add.emailHint')}
              disabled={disabled}
              required
              size="small"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                label={t('staff.add.firstname')}
                value={firstname}
                onChange={(e) => setFirstname(e.target.value)}
                disabled={disabled}
                size="small"
              />
              <TextField
                label={t('staff.add.lastname')}
                value={lastname}
                onChange={(e) => setLastname(e.target.value)}
                disabled={disabled}
                size="small"
              />
            </Stack>
          </>
        )}
        <TextField
          select
          label={t('staff.add.level')}
          value={level}
          onChange={(e) => setLevel(e.target.value as StaffLevel)}
          disabled={disabled}
          size="small"
        >
          {STAFF_LEVEL_NAMES.map((l) => (
            <MenuItem key={l} value={l} disabled={!grantable.includes(l)}>
              {t(`staff.levels.${l}`)}
              {!grantable.includes(l) ? ` — ${t('staff.refusals.grantsOnlyTechSales')}` : ''}
            </MenuItem>
          ))}
        </TextField>
        {add.error && (
          <Alert severity="error" data-testid="staff-add-error">
            {refusalText(add.error)}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={disabled || add.isPending || username.trim() === ''}
        >
          {t('staff.add.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
