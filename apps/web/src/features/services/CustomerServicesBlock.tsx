import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SERVICE_KINDS } from '@emberwatch/shared/domain/services';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { RegisterServiceDialog } from './RegisterServiceDialog';
import { RegistrationsTable } from './RegistrationsTable';
import { serviceValueText } from './serviceValueText';
import { useServices } from './servicesQueries';

/**
 * A customer's registered services for staff (decision 0103), in the account's Services tab: what the
 * account has now, every registration with its end and who made it, and — for the levels that may —
 * a new registration. Nothing for anyone else.
 */
export function CustomerServicesBlock({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const reads = useOperatorTool('services');
  const registers = useOperatorTool('serviceRegistration');
  const [open, setOpen] = useState(false);
  const services = useServices({ UID: uid, state: 'all' }, reads);
  if (!reads) return null;
  const current = services.data?.current;
  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }} data-testid="customer-services">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('services.block.title')}
        </Typography>
        {registers && current && (
          <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
            {t('services.block.register')}
          </Button>
        )}
      </Stack>
      {services.error ? (
        <LoadErrorAlert error={services.error} onRetry={() => void services.refetch()} />
      ) : !current ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="services-now">
            {SERVICE_KINDS.map((k) => (
              <Typography key={k} variant="body2">
                {t(`services.kind.${k}`)}: <strong>{serviceValueText(t, k, current[k])}</strong>
              </Typography>
            ))}
          </Stack>
          {/* The customer's open orders (saveExtraServices, decision 0108): registering one serves it. */}
          {(services.data?.requests.length ?? 0) > 0 && (
            <Typography variant="body2" data-testid="services-orders">
              {t('services.block.orders')}:{' '}
              {services.data?.requests
                .map(
                  (r) =>
                    `${t(`services.kind.${r.kind}`)} ${serviceValueText(t, r.kind, r.value)}${r.note ? ` (${r.note})` : ''}`,
                )
                .join(' · ')}
            </Typography>
          )}
          <RegistrationsTable
            query={{ ...services, data: services.data?.results }}
            withAccount={false}
            testId="customer-registrations"
          />
        </Stack>
      )}
      {open && current && (
        <RegisterServiceDialog uid={uid} current={current} onClose={() => setOpen(false)} />
      )}
    </Paper>
  );
}
