import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Email from '@mui/icons-material/Email';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import PhoneInTalk from '@mui/icons-material/PhoneInTalk';
import Sms from '@mui/icons-material/Sms';
import Webhook from '@mui/icons-material/Webhook';
import type { DeliveryAlertStatus, DeliveryMessageStatus } from '@emberwatch/shared/contracts/delivery';
import type { AlertChannel } from '@emberwatch/shared/domain/kinds/alertChannels';

const CHANNEL_ICONS = {
  sms: Sms,
  email: Email,
  voice: PhoneInTalk,
  sentinel: Webhook,
  push: NotificationsActive,
} satisfies Record<AlertChannel, unknown>;

/** A channel's icon, named for screen readers (the icon alone says "SMS" to a seeing user). */
export function ChannelIcon({ channel }: { channel: AlertChannel }) {
  const { t } = useTranslation();
  const Icon = CHANNEL_ICONS[channel];
  return (
    <Icon
      fontSize="small"
      titleAccess={t(`delivery.channels.${channel}`)}
      data-testid={`channel-${channel}`}
      sx={{ verticalAlign: 'middle', color: 'text.secondary' }}
    />
  );
}

/** Waiting and sending are on their way, sent is done, a failure or the daily cap needs a look. */
export const MESSAGE_STATUS_COLOURS = {
  pending: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  capped: 'warning',
} as const satisfies Record<DeliveryMessageStatus, ChipProps['color']>;

/** Open alerts still repeat until someone acknowledges them; an unrouted one reached nobody. */
export const ALERT_STATUS_COLOURS = {
  new: 'info',
  open: 'error',
  acknowledged: 'success',
  cleared: 'default',
  unrouted: 'warning',
} as const satisfies Record<DeliveryAlertStatus, ChipProps['color']>;

export function MessageStatusChip({ status }: { status: DeliveryMessageStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={MESSAGE_STATUS_COLOURS[status]}
      label={t(`delivery.messageStatus.${status}`)}
      data-status={status}
    />
  );
}

export function AlertStatusChip({ status }: { status: DeliveryAlertStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={ALERT_STATUS_COLOURS[status]}
      label={t(`delivery.alertStatus.${status}`)}
      data-status={status}
    />
  );
}
