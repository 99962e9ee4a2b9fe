import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/formatDate';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { OpenCustomerSessionButton } from '../staff';
import { customerName } from './CustomerListTab';
import { useCustomer } from './customersQueries';
import { LocationEditor } from './LocationEditor';
import { PlanActions } from './PlanActions';
import { useOpenStation } from './useOpenStation';

/**
 * A customer's detail (GET getCustomer; decision 0098): the account's facts, its stations (each opens
 * in the app as the admin bar's picker does), its location on the map, and the plan and Insight
 * actions of the levels that may (the payments' setPlanInfo, the insight feature's calls).
 */
export function CustomerDialog({ uid, onClose }: { uid: number; onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const customer = useCustomer(uid);
  const openStation = useOpenStation();
  const mayLocate = useOperatorTool('customerLocation');
  const c = customer.data;
  const date = (ts: number | null) =>
    ts === null ? t('customers.detail.none') : formatDate(ts, prefs.date_format);
  const yes = (b: boolean) => (b ? t('customers.detail.yes') : t('customers.detail.no'));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="customer-title">
      <DialogTitle id="customer-title">
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>{c ? c.username : t('customers.detail.title')}</span>
          {c?.group === 'hayApp' && (
            <Chip size="small" color="primary" label={t('customers.groups.hayApp')} />
          )}
          {c?.group === 'migrating' && (
            <Chip size="small" color="secondary" label={t('customers.groups.migrating')} />
          )}
          {c?.blocked && <Chip size="small" color="error" label={t('customers.detail.blocked')} />}
          {/* The staff feature's loginAdmin, for the levels that may open a customer's session. */}
          {c && <OpenCustomerSessionButton userId={c.U_ID} name={c.username} />}
        </Stack>
      </DialogTitle>
      <DialogContent dividers data-testid="customer-detail">
        {customer.error && <LoadErrorAlert error={customer.error} onRetry={() => void customer.refetch()} />}
        {!c && !customer.error && <LoadingIndicator label={t('customers.loading')} />}
        {c && (
          <Stack spacing={2}>
            <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0 }}>
              {(
                [
                  ['uid', String(c.U_ID)],
                  ['name', customerName(c) || t('customers.detail.none')],
                  ['email', c.email ?? t('customers.detail.none')],
                  ['phone', c.phone ?? t('customers.detail.none')],
                  ['country', c.country?.toUpperCase() ?? t('customers.detail.none')],
                  ['language', c.language],
                  ['plan', `${c.planName} (${c.planLevel})`],
                  ['planDue', date(c.planDue)],
                  ['apiPlanDue', date(c.apiPlanDue)],
                  ['master', yes(c.master || c.grandMaster)],
                  ['subUsers', String(c.subUsers)],
                  ['created', date(c.created)],
                  ['migrationStarted', date(c.migrationStarted)],
                ] as const
              ).map(([key, value]) => (
                <div key={key}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {t(`customers.detail.${key}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }} data-testid={`customer-${key}`}>
                    {value}
                  </Typography>
                </div>
              ))}
            </Stack>
            <Divider />
            <Typography variant="subtitle1">{t('customers.detail.stations')}</Typography>
            {c.stationList.length === 0 ? (
              <Alert severity="info">{t('customers.detail.noStations')}</Alert>
            ) : (
              <List dense disablePadding aria-label={t('customers.detail.stations')}>
                {c.stationList.map((s) => (
                  <ListItem
                    key={s.bsId}
                    disableGutters
                    secondaryAction={
                      <Button
                        size="small"
                        onClick={() =>
                          openStation(
                            { uid: c.U_ID, username: c.username, name: customerName(c) || null },
                            s.bsId,
                          )
                        }
                      >
                        {t('customers.detail.openStation')}
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={s.name ? `${s.bsId} · ${s.name}` : s.bsId}
                      secondary={t('customers.detail.probes', { count: s.probes })}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Divider />
            <Typography variant="subtitle1">{t('customers.location.title')}</Typography>
            <LocationEditor uid={c.U_ID} location={c.location} editable={mayLocate} />
            <Divider />
            <PlanActions customer={c} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('customers.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
