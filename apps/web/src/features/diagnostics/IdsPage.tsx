import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BsRegistration, ProbeRegistration } from '@emberwatch/shared/contracts/diagnostics';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useBsRegistrations, useProbeRegistrations, type RegistrationState } from './diagnosticsQueries';
import { Truncated } from './tableParts';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';

const STATES: readonly RegistrationState[] = ['all', 'open', 'activated'];

/**
 * /ids_ (spec doc 1 §2 diagnostic pages, §7 getBSRegistrations and getProbeRegistrations; decision
 * 0095): the registered base-station and probe-set ids and whether and where each was activated.
 * Every staff level; everyone else is sent to "/".
 */
export function IdsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<RegistrationState>('all');
  return (
    <Stack spacing={3} data-testid="ids">
      <Typography variant="body2" color="text.secondary">
        {t('diagnostics.ids.intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('diagnostics.ids.state')}
        value={state}
        onChange={(e) => setState(e.target.value as RegistrationState)}
        sx={{ maxWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'ids-state' } }}
      >
        {STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`diagnostics.ids.states.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stations state={state} />
      <ProbeSets state={state} />
    </Stack>
  );
}

function useActivation() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  return (ts: number | null) => (ts === null ? t('diagnostics.ids.notActivated') : time(ts));
}

function Stations({ state }: { state: RegistrationState }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const activation = useActivation();
  const list = useBsRegistrations(state);
  const owner = (r: BsRegistration) => (r.owner === null ? null : `${r.owner.username} (${r.owner.UID})`);
  const columns: AdminColumn<BsRegistration>[] = [
    { key: 'bs', label: t('diagnostics.columns.station'), value: (r) => r.bs_id },
    timeColumn(time, 'registered', t('diagnostics.columns.registered'), (r) => r.registered_ts),
    {
      key: 'activated',
      label: t('diagnostics.columns.activated'),
      value: (r) => r.activated_ts,
      render: (r) => activation(r.activated_ts),
      filterText: (r) => activation(r.activated_ts),
    },
    { key: 'owner', label: t('diagnostics.columns.owner'), value: owner },
    { key: 'family', label: t('diagnostics.columns.family'), value: (r) => r.partner_app },
    timeColumn(time, 'data', t('diagnostics.columns.lastData'), (r) => r.last_data_ts),
  ];
  return (
    <Stack spacing={1.5} component="section" aria-label={t('diagnostics.ids.stations')}>
      <Typography variant="h6" component="h2">
        {t('diagnostics.ids.stations')}
      </Typography>
      <Truncated shown={list.data?.truncated === true} />
      <QueryAdminTable
        query={{ data: list.data?.results, error: list.error, refetch: list.refetch }}
        columns={columns}
        rowKey={(r) => r.bs_id}
        label={t('diagnostics.ids.stations')}
        initialSort={{ key: 'registered', direction: 'desc' }}
        emptyText={t('diagnostics.ids.empty')}
        testId="ids-stations"
      />
    </Stack>
  );
}

function ProbeSets({ state }: { state: RegistrationState }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const activation = useActivation();
  const list = useProbeRegistrations(state);
  const owner = (r: ProbeRegistration) => (r.owner === null ? null : `${r.owner.username} (${r.owner.UID})`);
  const columns: AdminColumn<ProbeRegistration>[] = [
    { key: 'set', label: t('diagnostics.columns.set'), value: (r) => r.set_id },
    {
      key: 'probes',
      label: t('diagnostics.columns.probes'),
      value: (r) => r.probes.length,
      filterText: (r) => r.probes.join(' '),
      align: 'right',
    },
    timeColumn(time, 'registered', t('diagnostics.columns.registered'), (r) => r.registered_ts),
    {
      key: 'activated',
      label: t('diagnostics.columns.activated'),
      value: (r) => r.activated_ts,
      render: (r) => activation(r.activated_ts),
      filterText: (r) => activation(r.activated_ts),
    },
    { key: 'station', label: t('diagnostics.columns.station'), value: (r) => r.bs_id },
    { key: 'owner', label: t('diagnostics.columns.owner'), value: owner },
  ];
  return (
    <Stack spacing={1.5} component="section" aria-label={t('diagnostics.ids.probeSets')}>
      <Typography variant="h6" component="h2">
        {t('diagnostics.ids.probeSets')}
      </Typography>
      <Truncated shown={list.data?.truncated === true} />
      <QueryAdminTable
        query={{ data: list.data?.results, error: list.error, refetch: list.refetch }}
        columns={columns}
        rowKey={(r) => r.set_id}
        label={t('diagnostics.ids.probeSets')}
        detail={(r) => <Typography data-testid="set-probes">{r.probes.join(', ')}</Typography>}
        initialSort={{ key: 'registered', direction: 'desc' }}
        emptyText={t('diagnostics.ids.empty')}
        testId="ids-sets"
      />
    </Stack>
  );
}
