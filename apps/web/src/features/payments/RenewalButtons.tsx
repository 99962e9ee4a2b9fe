import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useUpgradeInfo } from './paymentsQueries';
import { usePayRefusal } from './usePayRefusal';

/**
 * The account's renewal and upgrade actions (spec doc 2 §4 "Renewal buttons are hidden when the plan
 * expiry is more than two months ahead, or when renewal is unauthorized"): only what is on offer now,
 * and nothing for a caller the server does not let pay (a sub-user, a master).
 */
export function RenewalButtons({ uid }: { uid: number }) {
  // A sub-user or a master is not asked what is on offer: the server would refuse it.
  return usePayRefusal() === null ? <OfferedButtons uid={uid} /> : null;
}

function OfferedButtons({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const info = useUpgradeInfo(uid).data;
  if (!info) return null;
  const buttons: { key: string; to: string; label: string }[] = [];
  if (info.renewal)
    buttons.push({ key: 'plan', to: '/account/services/checkout/', label: t('payments.buttons.renewPlan') });
  if (info.upgrade_plan_name)
    buttons.push({
      key: 'upgrade',
      to: '/account/services/renewal?upgrade=1',
      label: t('payments.buttons.upgrade'),
    });
  if (info.simExp.some((s) => s.renewable))
    buttons.push({
      key: 'sim',
      to: '/account/services/checkout/?type=sim',
      label: t('payments.buttons.renewSim'),
    });
  if (info.apiPlan?.renewable)
    buttons.push({
      key: 'api',
      to: '/account/services/checkout/?type=api',
      label: t('payments.buttons.renewApi'),
    });
  if (info.service?.renewable)
    buttons.push({
      key: 'service',
      to: '/account/services/renewal',
      label: t('payments.buttons.renewService'),
    });
  if (buttons.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ py: 1, flexWrap: 'wrap' }}>
      {buttons.map((b) => (
        <Button
          key={b.key}
          variant="outlined"
          component={RouterLink}
          to={b.to}
          data-testid={`renew-${b.key}`}
        >
          {b.label}
        </Button>
      ))}
    </Stack>
  );
}
