import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SERVICE_KINDS, type ServiceKind } from '@emberwatch/shared/domain/services';
import { RegistrationsTable } from './RegistrationsTable';
import { useServices } from './servicesQueries';

type State = 'running' | 'ended' | 'all';
const STATES: readonly State[] = ['running', 'ended', 'all'];

/**
 * /admin/services (decision 0103): every account's registered services, filtered by kind, by state
 * and by how soon they end — the list support reads before a renewal call. A registration is made on
 * the customer's account page (Account → Services), where the account is known. Staff only; everyone
 * else goes to "/".
 */
export function ServicesPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ServiceKind | ''>('');
  const [state, setState] = useState<State>('running');
  const [expiring, setExpiring] = useState('');
  const days = expiring === '' ? undefined : Math.min(366, Math.max(0, Math.floor(Number(expiring))));
  const services = useServices({
    ...(kind ? { kind } : {}),
    state,
    ...(days !== undefined && Number.isFinite(days) ? { expiring: days } : {}),
  });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1">
        {t('services.page.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('services.page.intro')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('services.filter.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as ServiceKind | '')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('services.filter.allKinds')}</MenuItem>
          {SERVICE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`services.kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('services.filter.state')}
          value={state}
          onChange={(e) => setState(e.target.value as State)}
          sx={{ minWidth: 160 }}
        >
          {STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`services.filter.states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('services.filter.expiring')}
          value={expiring}
          onChange={(e) => setExpiring(e.target.value)}
          slotProps={{ htmlInput: { min: 0, max: 366, 'data-testid': 'services-expiring' } }}
        />
      </Stack>
      <RegistrationsTable
        query={{ ...services, data: services.data?.results }}
        withAccount
        testId="services-list"
      />
    </Stack>
  );
}
