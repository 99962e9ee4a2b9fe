import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SERVICE_LIMITS } from '@emberwatch/shared/domain/services';
import { useOrderExtraServices } from './servicesQueries';

/**
 * The owner's order of extra services on Account → Services (POST saveExtraServices, decision 0108):
 * the storages feature and a larger users allowance. Support registers them; until then nothing of
 * the account changes, and the block says so.
 */
export function ExtraServicesOrder({
  storagesEnabled,
  subUserCount,
}: {
  storagesEnabled: boolean;
  subUserCount: number;
}) {
  const { t } = useTranslation();
  const order = useOrderExtraServices();
  const max = SERVICE_LIMITS.subUsers.max;
  const [storages, setStorages] = useState(false);
  const [users, setUsers] = useState(String(Math.min(max, subUserCount + 1)));
  const [note, setNote] = useState('');
  const wanted = Number(users);
  const moreUsers = users !== '' && Number.isInteger(wanted) && wanted > subUserCount && wanted <= max;
  const usersValid = users === '' || moreUsers;
  const services = [
    ...(storages ? [{ kind: 'storages' as const, value: 1 }] : []),
    ...(moreUsers ? [{ kind: 'subUsers' as const, value: wanted }] : []),
  ];
  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5 }} data-testid="extra-services-order">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('services.order.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('services.order.explain')}
        </Typography>
        {!storagesEnabled && (
          <FormControlLabel
            control={<Switch checked={storages} onChange={(e) => setStorages(e.target.checked)} />}
            label={t('services.order.storages')}
          />
        )}
        {subUserCount < max && (
          <TextField
            type="number"
            label={t('services.order.users')}
            value={users}
            onChange={(e) => setUsers(e.target.value)}
            error={!usersValid}
            helperText={t('services.order.usersHelp', { min: subUserCount + 1, max })}
            slotProps={{ htmlInput: { min: subUserCount + 1, max, step: 1 } }}
            sx={{ maxWidth: 260 }}
          />
        )}
        <TextField
          label={t('services.order.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <div>
          <Button
            variant="contained"
            disabled={services.length === 0 || !usersValid || order.isPending}
            onClick={() => order.mutate({ services, note: note.trim() || null })}
          >
            {t('services.order.send')}
          </Button>
        </div>
        {order.isSuccess && (
          <Alert severity="success" role="status">
            {t('services.order.sent')}
          </Alert>
        )}
        {order.isError && <Alert severity="error">{t('services.order.failed')}</Alert>}
      </Stack>
    </Paper>
  );
}
