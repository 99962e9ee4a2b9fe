import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AlertRule } from '@emberwatch/shared/contracts/monitors';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { TEMPERATURE_BAND_COLOURS, useTemperatureScale } from '../probes';
import { useUiPreferences } from '../sessions';

/** The hottest temperature the rule's current alerts reached (their peaks), or null without alerts. */
export function hottestAlertTemperature(rule: Pick<AlertRule, 'currentAlerts'>): number | null {
  const alerts = rule.currentAlerts ?? [];
  return alerts.length === 0 ? null : Math.max(...alerts.map((a) => a.peak));
}

/**
 * Whether an alert rule has current alerts: their count and the hottest of them, coloured by the
 * user's colour steps like every temperature of the app. The full panel (history, reset) is apart.
 */
export function RuleAlertStatus({ rule }: { rule: AlertRule }) {
  const { t } = useTranslation();
  const unit = unitOf(useUiPreferences().degrees);
  const scale = useTemperatureScale();
  const count = rule.currentAlerts?.length ?? 0;
  const hottest = hottestAlertTemperature(rule);
  if (hottest === null)
    return (
      <Typography variant="caption" color="text.secondary" data-testid="rule-alerts">
        {t('monitors.list.noAlerts')}
      </Typography>
    );
  const band = temperatureBand(hottest, scale.colorStepsC);
  const colours = TEMPERATURE_BAND_COLOURS[band];
  return (
    <Box data-testid="rule-alerts" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="caption" color="error">
        {t('monitors.list.alerts', { count })}
      </Typography>
      <Box
        component="span"
        data-testid="rule-hottest"
        data-tone={`band-${band}`}
        aria-label={t('monitors.list.hottest', { temperature: formatTemperatureText(hottest, unit, true) })}
        sx={{
          px: 0.75,
          borderRadius: 1,
          fontSize: '0.75rem',
          background: colours.fill,
          color: colours.onFill,
        }}
      >
        {formatTemperatureText(hottest, unit, true)}
      </Box>
    </Box>
  );
}
