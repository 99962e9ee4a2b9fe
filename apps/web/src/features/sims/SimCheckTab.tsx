import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SimCheck } from '@emberwatch/shared/contracts/sims';
import { MAX_SIMS_PER_REQUEST, simNumbersIn } from '@emberwatch/shared/domain/sims';
import { AdminTable, type AdminColumn } from '../../ui/AdminTable';
import { refusalText } from '../../lib/refusalText';
import { useCheckSims } from './simsQueries';

/** The check of pasted SIM numbers against the database and the operator (POST checkSIMs); nothing stored. */
export function SimCheckTab() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const check = useCheckSims();
  const numbers = simNumbersIn(text).slice(0, MAX_SIMS_PER_REQUEST);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (numbers.length > 0) check.mutate(numbers);
  };
  const yes = (v: boolean | null) =>
    v === null ? t('sims.check.unknown') : v ? t('sims.check.yes') : t('sims.check.no');
  const columns: AdminColumn<SimCheck>[] = [
    { key: 'input', label: t('sims.check.columns.input'), value: (c) => c.iccid },
    {
      key: 'problem',
      label: t('sims.check.columns.problem'),
      value: (c) => (c.problem ? t('sims.check.no') : t('sims.check.yes')),
    },
    { key: 'known', label: t('sims.check.columns.known'), value: (c) => yes(c.known) },
    { key: 'station', label: t('sims.check.columns.station'), value: (c) => c.bs_id },
    { key: 'owner', label: t('sims.check.columns.owner'), value: (c) => c.owner?.username ?? null },
    {
      key: 'status',
      label: t('sims.check.columns.status'),
      value: (c) => (c.status ? t(`sims.status.${c.status}`) : null),
    },
    {
      key: 'operator',
      label: t('sims.check.columns.operator'),
      value: (c) => (c.operator_status ? t(`sims.status.${c.operator_status}`) : yes(c.at_operator)),
    },
  ];
  return (
    <Stack spacing={2} component="form" onSubmit={submit} data-testid="sims-check">
      <Typography variant="body2" color="text.secondary">
        {t('sims.check.intro')}
      </Typography>
      <TextField
        multiline
        minRows={4}
        label={t('sims.check.numbers')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'sims-check-input' } }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={numbers.length === 0 || check.isPending}>
          {t('sims.check.submit')}
        </Button>
      </div>
      {check.error && <Alert severity="error">{refusalText(check.error)}</Alert>}
      {check.data?.operator_error && <Alert severity="warning">{t('sims.check.operatorError')}</Alert>}
      {check.data && (
        <AdminTable
          rows={check.data.results}
          columns={columns}
          rowKey={(c) => `${c.input}-${c.iccid}`}
          label={t('sims.page.tabs.check')}
          detail={(c) => (c.problem ? <Typography variant="body2">{c.problem}</Typography> : null)}
          testId="sims-check-table"
        />
      )}
    </Stack>
  );
}
