import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { DeliveredAlert, DeliveryMessage } from '@emberwatch/shared/contracts/delivery';
import { isRuleType } from '@emberwatch/shared/domain/kinds/ruleTypes';
import { formatDateTime } from '../../lib/formatDateTime';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useUiPreferences } from '../sessions';
import { BandTemperature } from '../probes';
import { AlertStatusChip, ChannelIcon, MessageStatusChip } from './deliveryMarks';
import { useDeliveryLog } from './deliveryQueries';

/**
 * A storage's delivery log (issue 12 item 6): each alert its monitor sent, newest first — the probe,
 * depth, temperature and limit in the user's unit and colour steps, where it stands, who acknowledged
 * it and how — and, unfolded, every message it sent: channel, recipient, address, outcome (with the
 * reason of a failure), tries and when it went out. Read-only for everyone who sees the storage. Read
 * again when alerts change (the push's alertsChanged) and every 15 s, as messages move on their own.
 */
export function DeliveryLog({ storageId }: { storageId: number }) {
  const { t } = useTranslation();
  const log = useDeliveryLog(storageId);
  return (
    <Box component="section" aria-label={t('delivery.log.title')} data-testid="delivery-log" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('delivery.log.title')}
      </Typography>
      {log.error && !log.data ? (
        <LoadErrorAlert error={log.error} onRetry={() => void log.refetch()} />
      ) : !log.data ? (
        <LoadingIndicator label={t('delivery.log.loading')} />
      ) : log.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="delivery-log-empty">
          {t('delivery.log.empty')}
        </Typography>
      ) : (
        <Box>
          {log.data.map((alert) => (
            <DeliveredAlertItem key={alert.id} alert={alert} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function DeliveredAlertItem({ alert }: { alert: DeliveredAlert }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const time = (s: number) => formatDateTime(s, prefs.date_format, prefs.time_format);
  // A data break (decision 0067) has no rule of a monitor, and no temperature.
  const dataBreak = alert.ruleType === 'noBSData' || alert.ruleType === 'noProbeData';
  const rule = isRuleType(alert.ruleType)
    ? t(`monitors.types.${alert.ruleType}.title`)
    : dataBreak
      ? t(`delivery.log.dataBreak.${alert.ruleType as 'noBSData' | 'noProbeData'}`)
      : alert.ruleType;
  const depth =
    alert.depth === null ? t('delivery.log.allDepths') : t('delivery.log.depth', { depth: alert.depth + 1 });
  const via = alert.ack ? t(`delivery.ackVia.${alert.ack.via}`) : '';
  const summaryId = `delivery-alert-${alert.id}`;
  return (
    <Accordion disableGutters data-testid="delivered-alert" data-alert-status={alert.status}>
      <AccordionSummary expandIcon={<ExpandMore />} id={summaryId} aria-controls={`${summaryId}-messages`}>
        <Stack spacing={0.5} sx={{ width: '100%' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <AlertStatusChip status={alert.status} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('delivery.log.alert', { rule, probe: alert.sensor_id, depth })}
            </Typography>
          </Box>
          <Typography variant="body2" component="div" data-testid="delivered-alert-reading">
            {!dataBreak && (
              <>
                {t('delivery.log.temperature')} <BandTemperature tenths={alert.temperature} />
                {' · '}
              </>
            )}
            {alert.threshold !== null && (
              <>
                {alert.isMin ? t('delivery.log.limitBelow') : t('delivery.log.limitAbove')}{' '}
                <BandTemperature tenths={alert.threshold} />
                {' · '}
              </>
            )}
            {t(dataBreak ? 'delivery.log.lastData' : 'delivery.log.reading', { time: time(alert.alertTs) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="delivered-alert-state">
            {[
              alert.ack &&
                (alert.ack.byName
                  ? t('delivery.log.ackBy', { name: alert.ack.byName, via, time: time(alert.ack.at) })
                  : t('delivery.log.ackAnonymous', { via, time: time(alert.ack.at) })),
              alert.clearedTs !== null && t('delivery.log.cleared', { time: time(alert.clearedTs) }),
              alert.status === 'open' &&
                alert.nextStepTs !== null &&
                t('delivery.log.nextReminder', { time: time(alert.nextStepTs) }),
              alert.step > 0 && t('delivery.log.reminders', { count: alert.step }),
              t('delivery.log.messages', { count: alert.messages.length }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-messages`} aria-labelledby={summaryId}>
        {alert.messages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {alert.status === 'unrouted' ? t('delivery.log.unrouted') : t('delivery.log.noMessages')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {alert.messages.map((m) => (
              <DeliveryMessageLine key={m.id} message={m} />
            ))}
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

function DeliveryMessageLine({ message: m }: { message: DeliveryMessage }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const problem = m.status === 'failed' || m.status === 'capped';
  const reason = m.error ?? (m.status === 'capped' ? t('delivery.log.capped') : null);
  return (
    <Box
      component="li"
      data-testid="delivery-message"
      data-status={m.status}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
    >
      <ChannelIcon channel={m.channel} />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {m.recipientName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {m.address}
      </Typography>
      <Typography variant="body2">{t(`delivery.kinds.${m.kind}`)}</Typography>
      <MessageStatusChip status={m.status} />
      <Typography variant="body2" color="text.secondary">
        {t('delivery.log.attempts')}: {m.attempts}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('delivery.log.sentAt')}:{' '}
        {m.sentTs === null
          ? t('delivery.log.notSent')
          : formatDateTime(m.sentTs, prefs.date_format, prefs.time_format)}
      </Typography>
      {problem && reason && (
        <Typography variant="body2" color="error" sx={{ flexBasis: '100%' }} data-testid="delivery-error">
          {reason}
        </Typography>
      )}
      {!problem && m.error && (
        // A temporary failure: the worker tries again later (back-off), the reason is worth seeing.
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {t('delivery.log.lastTry', { error: m.error })}
        </Typography>
      )}
    </Box>
  );
}
