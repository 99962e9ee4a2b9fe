import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CustomerDetail } from '@emberwatch/shared/contracts/customers';
import { INSIGHT_TRIAL_DAYS_MAX } from '@emberwatch/shared/domain/insight/insightTrial';
import { formatDate } from '../../lib/formatDate';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { useUiPreferences } from '../sessions';
import { refusalText } from '../../lib/refusalText';
import { useInsightAction, useSetPlanInfo, type InsightAction } from './customersQueries';

/** A yyyy-mm-dd of the date input as epoch seconds at noon UTC (the day, whatever the zone); null when empty. */
function dayOf(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return Math.floor(Date.parse(`${value}T12:00:00Z`) / 1000);
}
function inputOf(ts: number | null): string {
  return ts === null ? '' : new Date(ts * 1000).toISOString().slice(0, 10);
}

/**
 * The plan and Insight actions of a customer, for the levels whose tools they are (Root and Admin):
 * the plan's and the API plan's due dates (POST setPlanInfo), and the Insight service — start it,
 * a free trial of N days, hold (trial refused), remove (insightMigration, insightFreemiumTrial,
 * insightHold, setInsight). Other levels see the service as it is.
 */
export function PlanActions({ customer: c }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const mayPlan = useOperatorTool('plans');
  const mayService = useOperatorTool('insightService');
  const [due, setDue] = useState(inputOf(c.planDue));
  const [apiDue, setApiDue] = useState(inputOf(c.apiPlanDue));
  const [trialDays, setTrialDays] = useState('30');
  const plan = useSetPlanInfo();
  const insight = useInsightAction();
  const days = Number(trialDays);
  const daysOk = Number.isInteger(days) && days >= 1 && days <= INSIGHT_TRIAL_DAYS_MAX;
  const s = c.service;
  const run = (a: InsightAction) => insight.mutate(a);

  return (
    <Stack spacing={2} data-testid="customer-plan-actions">
      <Typography variant="subtitle1">{t('customers.plan.title')}</Typography>
      {mayPlan && (
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            type="date"
            label={t('customers.plan.due')}
            value={due}
            onChange={(e) => setDue(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'customer-plan-due' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('customers.plan.apiDue')}
            value={apiDue}
            onChange={(e) => setApiDue(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            disabled={plan.isPending}
            onClick={() => plan.mutate({ UID: c.U_ID, dueDate: dayOf(due), apiPlanDue: dayOf(apiDue) })}
          >
            {t('customers.plan.save')}
          </Button>
        </Stack>
      )}
      {plan.error && <Alert severity="error">{refusalText(plan.error)}</Alert>}
      {plan.isSuccess && <Alert severity="success">{t('customers.plan.saved')}</Alert>}

      <Typography variant="subtitle1">{t('customers.insight.title')}</Typography>
      <Typography data-testid="customer-insight">
        {s === null
          ? t('customers.insight.none')
          : s.trial === -1
            ? t('customers.insight.held')
            : s.trial === 1
              ? t('customers.insight.trial', {
                  date: s.expDate === null ? '' : formatDate(s.expDate, prefs.date_format),
                })
              : t('customers.insight.active', { plan: s.plan })}
      </Typography>
      {mayService && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {s === null && (
            <Button
              variant="outlined"
              disabled={insight.isPending}
              onClick={() => run({ kind: 'start', UID: c.U_ID })}
            >
              {t('customers.insight.start')}
            </Button>
          )}
          <TextField
            size="small"
            type="number"
            label={t('customers.insight.trialDays')}
            value={trialDays}
            onChange={(e) => setTrialDays(e.target.value)}
            error={!daysOk}
            helperText={daysOk ? ' ' : t('customers.insight.trialDaysError', { max: INSIGHT_TRIAL_DAYS_MAX })}
            sx={{ width: 150 }}
            slotProps={{ htmlInput: { min: 1, max: INSIGHT_TRIAL_DAYS_MAX } }}
          />
          <Button
            variant="outlined"
            disabled={!daysOk || insight.isPending}
            onClick={() => run({ kind: 'trial', UID: c.U_ID, trialDays: days })}
          >
            {t('customers.insight.startTrial')}
          </Button>
          {s !== null && (
            <>
              <Button
                disabled={insight.isPending || s.trial === -1}
                onClick={() => run({ kind: 'hold', UID: c.U_ID })}
              >
                {t('customers.insight.hold')}
              </Button>
              <Button
                color="error"
                disabled={insight.isPending}
                onClick={() => run({ kind: 'remove', UID: c.U_ID })}
              >
                {t('customers.insight.remove')}
              </Button>
            </>
          )}
        </Stack>
      )}
      {insight.error && <Alert severity="error">{refusalText(insight.error)}</Alert>}
      {insight.isSuccess && <Alert severity="success">{t('customers.insight.saved')}</Alert>}
      {!mayPlan && !mayService && (
        <Typography variant="body2" color="text.secondary">
          {t('customers.plan.onlyOverseers')}
        </Typography>
      )}
    </Stack>
  );
}
