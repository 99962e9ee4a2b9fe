import { useTranslation } from 'react-i18next';
import { wallClockIn } from '@emberwatch/shared/domain/wallClock';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_SUB_USER_COUNT, type AccountInfo } from '@emberwatch/shared/contracts/account';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { simHasExpired } from '@emberwatch/shared/domain/sitePlan';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUserInfo } from '../users';
import { useBsConfs } from '../base-stations';
import { SurveyAnswersLink } from '../insight';
import { PaymentRouteDialog, RenewalButtons } from '../payments';
import { CustomerServicesBlock, ExtraServicesOrder } from '../services';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { FieldRow } from '../../ui/FieldRow';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * Spec doc 2 §9: "Dates in account shown dd.MM.yyyy" — on the reader's clock: a page the server draws
 * is drawn on the browser's zone (decision 0174), where the runtime's own zone (date-fns) would give
 * another day near midnight, and a page taken over with another text than it was drawn with.
 */
const accountDate = (epochS: number) => {
  const c = wallClockIn(epochS, null);
  return `${twoDigits(c.day)}.${twoDigits(c.month)}.${c.year}`;
};

/**
 * What the account has (spec doc 2 §3 "plans (planLevel, dueDate, expired), service"): its plan, the
 * Insight service when it has one, its users' allowance and its base stations, with the renewal and
 * upgrade buttons and the checkout and renewal dialogs of the payments feature (decision 0056).
 */
export function ServicesTab({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  const info = useUserInfo(account.U_ID);
  // Each station's SIM expiry lives in its configuration (bsConf), which sub-users may read too.
  const confs = useBsConfs(info.data?.bs_list.map((s) => s.bsId) ?? []);
  const nowS = useNowSeconds(60_000);
  const { roleContext } = useShellContext();
  if (info.error) return <LoadErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <LoadingIndicator label={t('common.loading')} />;
  const { plans, service, bs_list: stations } = info.data;
  const plan = plans[0];
  const extraUsers = Math.max(0, account.subUserCount - DEFAULT_SUB_USER_COUNT);
  const trialText = (trial: number) =>
    trial === 0
      ? t('account.services.trialNone')
      : trial === -1
        ? t('account.services.trialRefused')
        : t('account.services.trialOn');
  // Spec doc 2 §3: "nextPayment date and type installment or renewal"; the onboarding adds trial.
  const paymentType = (type: string) =>
    type === 'trial'
      ? t('account.services.paymentTrial')
      : type === 'renewal'
        ? t('account.services.paymentRenewal')
        : type === 'installment'
          ? t('account.services.paymentInstallment')
          : type;
  const planUntil = (p: Plan) =>
    p.dueDate
      ? t('account.services.planUntil', { plan: p.planName, date: accountDate(p.dueDate) })
      : t('account.services.planNoEnd', { plan: p.planName });
  const stationName = (s: { bsId: string; bsName: string | null }) =>
    s.bsName ? `${s.bsName} (${s.bsId})` : s.bsId;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }} data-testid="account-plan">
        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          {t('account.services.plan')}
        </Typography>
        {plan ? (
          <>
            <FieldRow
              testId="plan-name"
              label={t('account.services.planName')}
              value={
                <>
                  {plan.planName}{' '}
                  <Chip
                    size="small"
                    variant="outlined"
                    color={plan.expired ? 'error' : 'success'}
                    label={t(plan.expired ? 'account.services.expired' : 'account.services.active')}
                  />
                </>
              }
            />
            <FieldRow
              testId="plan-due"
              label={t('account.services.validUntil')}
              value={plan.dueDate ? accountDate(plan.dueDate) : t('account.services.noEnd')}
            />
            {info.data.api_plan && (
              <FieldRow
                testId="api-plan-due"
                label={t('account.services.apiPlan')}
                value={
                  info.data.api_plan.due === null ? (
                    t('account.services.noEnd')
                  ) : (
                    <>
                      {accountDate(info.data.api_plan.due)}
                      {info.data.api_plan.due <= nowS && ' '}
                      {info.data.api_plan.due <= nowS && (
                        <Chip
                          size="small"
                          variant="outlined"
                          color="error"
                          label={t('account.services.expired')}
                        />
                      )}
                    </>
                  )
                }
              />
            )}
            <RenewalButtons uid={account.U_ID} />
          </>
        ) : (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {t('account.services.noPlan')}
          </Typography>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }} data-testid="account-service">
        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          {t('account.services.insight')}
        </Typography>
        {service ? (
          <>
            <FieldRow
              testId="service-trial"
              label={t('account.services.trial')}
              value={trialText(service.trial)}
            />
            {service.started !== null && (
              <FieldRow
                testId="service-started"
                label={t('account.services.started')}
                value={accountDate(service.started)}
              />
            )}
            {service.period !== null && (
              <FieldRow
                testId="service-period"
                label={t('account.services.period')}
                value={t('account.services.months', { months: service.period })}
              />
            )}
            {service.expDate !== null && (
              <FieldRow
                testId="service-exp"
                label={t('account.services.validUntil')}
                value={accountDate(service.expDate)}
              />
            )}
            {service.renewed != null && (
              <FieldRow
                testId="service-renewed"
                label={t('account.services.renewed')}
                value={accountDate(service.renewed)}
              />
            )}
            {service.nextPayment != null && (
              <FieldRow
                testId="service-next-payment"
                label={t('account.services.nextPayment')}
                value={t('account.services.nextPaymentOn', {
                  date: accountDate(service.nextPayment.date),
                  type: paymentType(service.nextPayment.type),
                })}
              />
            )}
            {service.oldPlans && service.oldPlans.length > 0 && (
              <FieldRow
                testId="service-old-plans"
                label={t('account.services.oldPlans')}
                value={service.oldPlans.map(planUntil).join('; ')}
              />
            )}
            <FieldRow
              testId="service-survey"
              label={t('account.services.survey')}
              value={t(
                service.surveyCompleted
                  ? 'account.services.surveyCompleted'
                  : 'account.services.surveyNotCompleted',
              )}
            />
            <Box sx={{ py: 1 }}>
              <SurveyAnswersLink user={info.data} mayEdit={account.mayEdit} />
            </Box>
          </>
        ) : (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {t('account.services.noService')}
          </Typography>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1 }}>
        <FieldRow
          testId="service-users"
          label={t('account.services.users')}
          value={t('account.services.usersAllowed', { max: account.subUserCount, extra: extraUsers })}
        />
        <FieldRow
          testId="service-stations"
          label={t('account.services.stations')}
          value={stations.length > 0 ? stations.map(stationName).join(', ') : t('account.notSet')}
        />
        {stations.map((s, i) => {
          const conf = confs[i];
          const exp = conf?.data ? conf.data.sim_exp_date : undefined;
          return (
            <FieldRow
              key={s.bsId}
              testId={`sim-exp-${s.bsId}`}
              label={t('account.services.sim', { station: stationName(s) })}
              value={
                exp === undefined ? (
                  conf?.error ? (
                    t('account.services.simUnavailable')
                  ) : (
                    '…'
                  )
                ) : exp === null ? (
                  t('account.services.simUnknown')
                ) : (
                  <>
                    {t('account.services.simUntil', { date: accountDate(exp) })}
                    {simHasExpired(exp, nowS) && ' '}
                    {simHasExpired(exp, nowS) && (
                      <Chip
                        size="small"
                        variant="outlined"
                        color="error"
                        label={t('account.services.expired')}
                      />
                    )}
                  </>
                )
              }
            />
          );
        })}
      </Paper>
      {/* The owner orders extra services (decision 0108): not a sub-user, a master, staff or the demo. */}
      {!roleContext.admin && !roleContext.master && !roleContext.subUser && !info.data.demo && (
        <ExtraServicesOrder storagesEnabled={info.data.storagesEnabled} subUserCount={account.subUserCount} />
      )}
      {/* Staff: the account's registered services (decision 0103); nothing for anyone else. */}
      <CustomerServicesBlock uid={account.U_ID} />
      <PaymentRouteDialog uid={account.U_ID} />
    </Stack>
  );
}
