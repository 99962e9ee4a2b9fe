import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAlertRule, type Monitor, type Rule } from '@emberwatch/shared/contracts/monitors';
import { RuleAlertStatus } from './RuleAlertStatus';
import { RuleAlertsList } from './RuleAlertsList';
import { RuleExplanation } from './RuleExplanation';

/** One rule on a card: its type, its settings in words and, for an alert rule, its current alerts. */
function RuleSummary({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} data-testid="rule-summary">
      <Typography variant="subtitle2" component="h3">
        {t(`monitors.types.${rule.type}.title`)}
      </Typography>
      <RuleExplanation rule={rule} />
      {isAlertRule(rule) && <RuleAlertStatus rule={rule} />}
    </Stack>
  );
}

/**
 * Spec doc 3 §2 "Monitors list": one card per monitor with its name and rule summaries, and below
 * them its current alerts, each to acknowledge.
 */
export function MonitorCard({ monitor, onOpen }: { monitor: Monitor; onOpen?: () => void }) {
  const { t } = useTranslation();
  const content = (
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {monitor.name}
        </Typography>
        {monitor.defaultMonitor && <Chip size="small" label={t('monitors.list.defaultMonitor')} />}
      </Stack>
      <Stack spacing={1.5}>
        {monitor.rules.map((rule) => (
          <RuleSummary key={rule.id} rule={rule} />
        ))}
      </Stack>
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid="monitor-card" aria-label={monitor.name} component="section">
      {onOpen ? <CardActionArea onClick={onOpen}>{content}</CardActionArea> : content}
      <RuleAlertsList monitor={monitor} />
    </Card>
  );
}
