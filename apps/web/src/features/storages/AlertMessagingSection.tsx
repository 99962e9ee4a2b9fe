import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RecipientHealth } from '@emberwatch/shared/contracts/delivery';
import {
  VOICE_TEMP_LIMIT_RANGE,
  voiceLimitToCelsius,
  voiceLimitToDisplay,
  type AlertMessaging,
  type AlertRecipient,
} from '@emberwatch/shared/contracts/storages';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { temperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { TEMPERATURE_BAND_COLOURS } from '../probes';
import { AlertChannelsLink } from '../alert-channels';
import { SentinelTestButton } from '../sentinel';
import { AlertRecipientsDialog, type RecipientSelection } from './AlertRecipientsDialog';
import { RecipientHealthNote } from './RecipientHealthNote';

const HOURS = Array.from({ length: 25 }, (_, h) => h);
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

type PersonChannel = 'sms' | 'email' | 'voice';

/**
 * Storage.alertMessaging in the storage details (spec doc 3 §3, §4 "Alert channels", §5
 * "Alerting", "Phones and e-mails", §6): SMS, e-mail, voice and Sentinel switches, the chosen
 * people as chips (a chip's delete removes one, the selection dialog adds and removes, and its
 * Cancel reverts), the voice limit slider (0–99 °C / 30–200 °F, default 60) and the no-call hours
 * (start = end: calls day and night). Voice only for an account with voice calls, Sentinel only
 * with a Sentinel target. Controlled: the details tab holds the draft and saves it. A chosen person
 * whose messages on a channel fail for good is marked there, with since when and the last error
 * (decision 0070), until a message to them goes through again.
 */
export function AlertMessagingSection({
  value,
  onChange,
  recipients,
  voiceCallEnabled,
  sentinel,
  readOnly,
  unit,
  colorStepsC,
  dateFormat = 'd.M.yyyy',
  sentinelHealth = null,
  sentinelTestable = !readOnly,
}: {
  value: AlertMessaging;
  onChange: (next: AlertMessaging) => void;
  recipients: readonly AlertRecipient[];
  voiceCallEnabled: boolean;
  sentinel: boolean;
  readOnly: boolean;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
  /** The user's date format (the failing recipients' "since"). */
  dateFormat?: string;
  /** The Sentinel target's failure, while its calls fail for good. */
  sentinelHealth?: RecipientHealth | null;
  /**
   * Whether the Sentinel test is offered (default: when editable). A sub-user may test the alarm
   * centre's line though he does not change the messaging (docs/roles.md).
   */
  sentinelTestable?: boolean;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const nameOf = (uid: number) => recipients.find((r) => r.U_ID === uid)?.name ?? `#${uid}`;
  const healthOf = (uid: number, channel: PersonChannel) =>
    recipients.find((r) => r.U_ID === uid)?.health.find((h) => h.channel === channel);
  const setActive = (channel: PersonChannel | 'sentinel', active: boolean) =>
    onChange({ ...value, [channel]: { ...value[channel], active } });
  const setPeople = (channel: PersonChannel, UIDS: number[]) =>
    onChange({ ...value, [channel]: { ...value[channel], UIDS } });
  const apply = (s: RecipientSelection) =>
    onChange({
      ...value,
      sms: { ...value.sms, UIDS: s.sms },
      email: { ...value.email, UIDS: s.email },
      voice: { ...value.voice, UIDS: voiceCallEnabled ? s.voice : value.voice.UIDS },
    });
  const range = VOICE_TEMP_LIMIT_RANGE[unit];
  const shownLimit = voiceLimitToDisplay(value.voice.tempLimit, unit);
  const limitColour = TEMPERATURE_BAND_COLOURS[temperatureBand(value.voice.tempLimit * 10, colorStepsC)].text;
  const [from, to] = value.voice.noCallHours;

  const people = (channel: PersonChannel, emptyKey: 'noPhonesSelected' | 'noEmailsSelected') => (
    <Box data-testid={`chips-${channel}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minHeight: 32 }}>
      {value[channel].UIDS.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t(`alertMessaging.${emptyKey}`)}
        </Typography>
      ) : (
        value[channel].UIDS.map((uid) => (
          <Chip
            key={uid}
            label={nameOf(uid)}
            size="small"
            {...(healthOf(uid, channel)
              ? {
                  color: 'error' as const,
                  variant: 'outlined' as const,
                  icon: <ErrorOutline />,
                  title: t('alertMessaging.health.failing', { name: nameOf(uid) }),
                  'data-failing': 'true',
                }
              : {})}
            onDelete={
              readOnly
                ? undefined
                : () =>
                    setPeople(
                      channel,
                      value[channel].UIDS.filter((u) => u !== uid),
                    )
            }
          />
        ))
      )}
    </Box>
  );
  const failing = (channel: PersonChannel) =>
    value[channel].UIDS.map((uid) => {
      const h = healthOf(uid, channel);
      return h ? (
        <RecipientHealthNote key={uid} health={h} name={nameOf(uid)} dateFormat={dateFormat} />
      ) : null;
    });
  const channelSwitch = (channel: PersonChannel | 'sentinel') => (
    <FormControlLabel
      control={
        <Switch
          checked={value[channel].active}
          disabled={readOnly}
          onChange={(e) => setActive(channel, e.target.checked)}
        />
      }
      label={t(`alertMessaging.channels.${channel}`)}
    />
  );

  return (
    <Stack spacing={2} component="section" aria-label={t('alertMessaging.title')}>
      <Typography variant="h6" component="h3">
        {t('alertMessaging.title')}
      </Typography>
      {channelSwitch('sms')}
      {people('sms', 'noPhonesSelected')}
      {failing('sms')}
      {channelSwitch('email')}
      {people('email', 'noEmailsSelected')}
      {failing('email')}
      {voiceCallEnabled && (
        <>
          {channelSwitch('voice')}
          {people('voice', 'noPhonesSelected')}
          {failing('voice')}
          <Box>
            <Typography id="voice-limit-label" variant="body2">
              {t('alertMessaging.voiceLimit')}{' '}
              <Box component="span" data-testid="voice-limit" sx={{ color: limitColour, fontWeight: 600 }}>
                {shownLimit} °{unit}
              </Box>
            </Typography>
            <Slider
              aria-labelledby="voice-limit-label"
              value={shownLimit}
              min={range.min}
              max={range.max}
              step={1}
              disabled={readOnly}
              onChange={(_, v) =>
                onChange({
                  ...value,
                  voice: { ...value.voice, tempLimit: voiceLimitToCelsius(v, unit) },
                })
              }
              sx={{ maxWidth: 360 }}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {(['from', 'to'] as const).map((end, i) => (
              <TextField
                key={end}
                select
                size="small"
                label={t(`alertMessaging.noCall.${end}`)}
                value={i === 0 ? from : to}
                disabled={readOnly}
                onChange={(e) => {
                  const h = Number(e.target.value);
                  const hours: [number, number] = i === 0 ? [h, to] : [from, h];
                  onChange({ ...value, voice: { ...value.voice, noCallHours: hours } });
                }}
                sx={{ minWidth: 110 }}
              >
                {HOURS.map((h) => (
                  <MenuItem key={h} value={h}>
                    {hourText(h)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="no-call-summary">
            {from === to
              ? t('alertMessaging.noCall.allDay')
              : t('alertMessaging.noCall.between', { from: hourText(from), to: hourText(to) })}
          </Typography>
        </>
      )}
      {sentinel && channelSwitch('sentinel')}
      {sentinel && sentinelHealth && (
        <RecipientHealthNote health={sentinelHealth} name="Sentinel" dateFormat={dateFormat} />
      )}
      {sentinel && sentinelTestable && <SentinelTestButton />}
      {!readOnly && <AlertChannelsLink voice={voiceCallEnabled} sentinel={sentinel} />}
      {!readOnly && (
        <Box>
          <Button variant="outlined" onClick={() => setChoosing(true)}>
            {t('alertMessaging.choose')}
          </Button>
        </Box>
      )}
      {choosing && (
        <AlertRecipientsDialog
          recipients={recipients}
          selection={{ sms: value.sms.UIDS, email: value.email.UIDS, voice: value.voice.UIDS }}
          voiceAllowed={voiceCallEnabled}
          dateFormat={dateFormat}
          onCancel={() => setChoosing(false)}
          onApply={(s) => {
            apply(s);
            setChoosing(false);
          }}
        />
      )}
    </Stack>
  );
}
