import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ValidityEntry } from '@emberwatch/shared/contracts/sims';
import { DEFAULT_VALIDITY_DAYS } from '@emberwatch/shared/domain/sims';
import { formatDate } from '../../lib/formatDate';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useUiPreferences } from '../sessions';
import { useValidityOverview } from './simsQueries';

const DAY_CHOICES = [7, 14, DEFAULT_VALIDITY_DAYS, 60, 90, 180, 365] as const;

/** Plans and SIMs about to expire (GET getValidityOverview), soonest first. */
export function ValidityTab() {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const [days, setDays] = useState<number>(DEFAULT_VALIDITY_DAYS);
  const overview = useValidityOverview(days);
  const date = (e: ValidityEntry) =>
    `${formatDate(e.exp_ts, prefs.date_format)}${e.expired ? ` (${t('sims.validity.expired')})` : ''}`;
  const columns: AdminColumn<ValidityEntry>[] = [
    {
      key: 'ends',
      label: t('sims.validity.columns.ends'),
      value: (e) => e.exp_ts,
      render: date,
      filterText: date,
    },
    { key: 'kind', label: t('sims.validity.columns.kind'), value: (e) => t(`sims.validity.kinds.${e.kind}`) },
    {
      key: 'station',
      label: t('sims.validity.columns.station'),
      value: (e) => `${e.bs_id}${e.display_name ? ` · ${e.display_name}` : ''}`,
    },
    { key: 'owner', label: t('sims.validity.columns.owner'), value: (e) => e.owner.username },
    { key: 'detail', label: t('sims.validity.columns.detail'), value: (e) => e.plan_name ?? e.sim },
  ];
  return (
    <Stack spacing={2} data-testid="sims-validity">
      <Typography variant="body2" color="text.secondary">
        {t('sims.validity.intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('sims.validity.days')}
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        sx={{ width: 140 }}
        slotProps={{ htmlInput: { 'data-testid': 'sims-validity-days' } }}
      >
        {DAY_CHOICES.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      <QueryAdminTable
        query={{ data: overview.data?.results, error: overview.error, refetch: overview.refetch }}
        columns={columns}
        rowKey={(e) => `${e.kind}-${e.bs_id}`}
        label={t('sims.validity.label')}
        emptyText={t('sims.validity.empty')}
        initialSort={{ key: 'ends', direction: 'asc' }}
        testId="sims-validity-table"
      />
    </Stack>
  );
}
