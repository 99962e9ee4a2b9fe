import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAlertRule, type Alert, type AlertRule, type Monitor } from '@emberwatch/shared/contracts/monitors';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import { isRelativeRule } from '@emberwatch/shared/domain/kinds/ruleTypes';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { useShellContext } from '../../lib/shellContext';
import { TEMPERATURE_BAND_COLOURS, useTemperatureScale } from '../probes';
import { useUiPreferences } from '../sessions';
import { AcknowledgeAlertDialog } from './AcknowledgeAlertDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { useAcknowledgeAlerts, useResetAlerts } from './monitorQueries';

interface Target {
  rule: AlertRule;
  alert: Alert;
}

/**
 * The current alerts of a monitor's alert rules (spec doc 3 §2 "alert status panel": current alerts
 * per rule), each with its probe, depth, temperature and peak coloured by the user's colour steps,
 * since when, and its acknowledgement (ours, issue 11) — or the button to acknowledge it for those
 * who may. Outside the card's click area: a button inside a button is neither valid nor usable.
 */
export function RuleAlertsList({
  monitor,
  sensorIds,
}: {
  monitor: Monitor;
  /** Only the alerts of these probes (a storage's, where several storages share the monitor). */
  sensorIds?: readonly string[];
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const unit = unitOf(prefs.degrees);
  const scale = useTemperatureScale();
  const { roleContext } = useShellContext();
  const mayAcknowledge = mayChange(roleContext, 'acknowledgeAlert');
  const acknowledge = useAcknowledgeAlerts();
  const [target, setTarget] = useState<Target | null>(null);
  // Spec doc 3 §4 "Alert reset": relative alerts are chosen with their checkboxes, then reset.
  const mayReset = mayChange(roleContext, 'resetAlert');
  const resetAlerts = useResetAlerts();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const keyOf = ({ rule, alert }: Target) => `${rule.id}/${alert.sensor_id}/${alert.depth}`;
  const isRel = (rule: AlertRule) => isRelativeRule(rule.type);

  const rows = monitor.rules
    .filter(isAlertRule)
    .flatMap((rule) => (rule.currentAlerts ?? []).map((alert) => ({ rule, alert })))
    .filter(({ alert }) => !sensorIds || sensorIds.includes(alert.sensor_id));
  if (rows.length === 0) return null;
  const picked = rows.filter((row) => isRel(row.rule) && chosen.has(keyOf(row)));
  const resetPicked = async () => {
    // One call per rule: the server resets a rule's alerts together, under its row's lock.
    for (const rule of new Set(picked.map((p) => p.rule)))
      await resetAlerts.mutateAsync({
        itemID: monitor.itemID,
        ruleId: rule.id,
        alerts: picked
          .filter((p) => p.rule === rule)
          .map((p) => ({ sensor_id: p.alert.sensor_id, depth: p.alert.depth })),
      });
    setChosen(new Set());
    setConfirming(false);
  };

  const temperature = (tenths: number) => {
    const colours = TEMPERATURE_BAND_COLOURS[temperatureBand(tenths, scale.colorStepsC)];
    return (
      <Box
        component="span"
        data-tone={`band-${temperatureBand(tenths, scale.colorStepsC)}`}
        sx={{ px: 0.75, borderRadius: 1, background: colours.fill, color: colours.onFill }}
      >
        {formatTemperatureText(tenths, unit, true)}
      </Box>
    );
  };
  const describe = ({ rule, alert }: Target) =>
    t('monitors.alerts.alert', {
      rule: t(`monitors.types.${rule.type}.title`),
      probe: alert.sensor_id,
      depth: alert.depth === null ? t('monitors.alerts.allDepths') : alert.depth + 1,
    });

  return (
    <Box component="section" aria-label={t('monitors.alerts.label')} sx={{ px: 2, pb: 2 }}>
      <Stack spacing={1} role="list">
        {rows.map((row, index) => {
          const { alert } = row;
          const key = `${row.rule.id}/${alert.sensor_id}/${alert.depth}/${alert.ts}/${index}`;
          return (
            <Box
              key={key}
              role="listitem"
              data-testid="current-alert"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              {isRel(row.rule) && (
                <Checkbox
                  size="small"
                  disabled={!mayReset}
                  checked={chosen.has(keyOf(row))}
                  inputProps={{ 'aria-label': t('monitors.reset.choose', { alert: describe(row) }) }}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(keyOf(row));
                    else next.delete(keyOf(row));
                    setChosen(next);
                  }}
                />
              )}
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {describe(row)}
              </Typography>
              <Typography variant="body2" component="span">
                {t('monitors.alerts.reached')} {temperature(alert.temperature)} · {t('monitors.alerts.peak')}{' '}
                {temperature(alert.peak)} ·{' '}
                {t('monitors.alerts.since', {
                  time: formatDateTime(alert.ts, prefs.date_format, prefs.time_format),
                })}
              </Typography>
              {alert.ack ? (
                <Typography variant="body2" color="text.secondary" data-testid="alert-ack">
                  {t('monitors.alerts.acknowledged', {
                    time: formatDateTime(alert.ack.at, prefs.date_format, prefs.time_format),
                  })}
                  {alert.ack.note && `: ${alert.ack.note}`}
                </Typography>
              ) : (
                mayAcknowledge && (
                  <Button size="small" variant="outlined" onClick={() => setTarget(row)}>
                    {t('monitors.alerts.acknowledge')}
                  </Button>
                )
              )}
            </Box>
          );
        })}
      </Stack>
      {rows.some((row) => isRel(row.rule)) && (
        <Button
          size="small"
          color="error"
          sx={{ mt: 1 }}
          disabled={!mayReset || picked.length === 0}
          onClick={() => setConfirming(true)}
        >
          {t('monitors.reset.button', { count: picked.length })}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          text={t('monitors.reset.confirm', { count: picked.length })}
          busy={resetAlerts.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void resetPicked().catch(() => setConfirming(false))}
        />
      )}
      {target && (
        <AcknowledgeAlertDialog
          alertText={describe(target)}
          pending={acknowledge.isPending}
          error={acknowledge.error ? t('monitors.ack.failed') : null}
          onClose={() => {
            acknowledge.reset();
            setTarget(null);
          }}
          onConfirm={(note) =>
            acknowledge.mutate(
              {
                itemID: monitor.itemID,
                ruleId: target.rule.id,
                alerts: [
                  { sensor_id: target.alert.sensor_id, depth: target.alert.depth, ts: target.alert.ts },
                ],
                note,
              },
              { onSuccess: () => setTarget(null) },
            )
          }
        />
      )}
    </Box>
  );
}
