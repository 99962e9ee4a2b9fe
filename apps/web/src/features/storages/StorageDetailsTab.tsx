import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STORAGE_NAME_MAX,
  alertMessagingOrDefault,
  type AlertMessaging,
  type Storage,
} from '@emberwatch/shared/contracts/storages';
import { mayChange } from '@emberwatch/shared/domain/changeRights';
import {
  storageCapacityMax,
  type CapacitySurvey,
} from '@emberwatch/shared/domain/storageLayout/storageCapacity';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { StorageDataBreakDelay, useDataBreakSettings, useSaveDataBreakSettings } from '../data-breaks';
import { useUiPreferences } from '../sessions';
import { useShellContext } from '../../lib/shellContext';
import { AlertMessagingSection } from './AlertMessagingSection';
import { useAlertRecipients, useSetCustomAlertHours } from './alertMessagingQueries';
import { useSaveStorage } from './storageQueries';
import { storageInputOf } from './storageInput';
import { STORAGE_TYPES, type StorageType } from './storageTypes';

function hoursOf(m: AlertMessaging): { noCallHours: [number, number]; tempLimit: number } {
  return { noCallHours: m.voice.noCallHours, tempLimit: m.voice.tempLimit };
}

function isStorageType(type: string): type is StorageType {
  return (STORAGE_TYPES as readonly string[]).includes(type);
}

/** Capacity as typed: empty is "not given" (null); otherwise a whole number from 0 to the maximum. */
function parseCapacity(text: string, max: number): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : 'invalid';
}

/** Key order aside (the server's JSON and the draft's spreads may differ), the same value. */
const canonical = (v: unknown) =>
  JSON.stringify(v, (_key, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );
const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Whether the voice limit or no-call hours differ: those are saved by setCustomAlertHours. */
function hoursChanged(a: AlertMessaging, b: AlertMessaging): boolean {
  return a.voice.tempLimit !== b.voice.tempLimit || !sameJson(a.voice.noCallHours, b.voice.noCallHours);
}

/**
 * Tab 4 of the storage detail (spec doc 3 §2): name, type and capacity, capped by the survey's
 * yearly bales or tons when the survey was answered, otherwise at 1000 (§5, §9; the shared
 * storageCapacityMax). Save is
 * enabled only when something was edited (§4 "Save enables only when edited"); a master who is not
 * a grand master reads the fields only (§6). A failed save is not reported to the user (§8); the
 * edits stay in the form so that a second try is one click. Below them, the storage's alert
 * messaging (AlertMessagingSection): switches and recipients are saved with the storage, the voice
 * limit and no-call hours by setCustomAlertHours (spec doc 1 §7), and the storage's data-break delay
 * by saveDataBreakSettings (decision 0071), all by the one Save.
 */
export function StorageDetailsTab({
  storage,
  readOnly,
  survey = null,
}: {
  storage: Storage;
  readOnly: boolean;
  /** The account's survey answers; null without a survey (the default maximum applies). */
  survey?: CapacitySurvey | null;
}) {
  const { t } = useTranslation();
  const capacityMax = storageCapacityMax(survey);
  const save = useSaveStorage();
  const saveHours = useSetCustomAlertHours();
  const recipients = useAlertRecipients();
  const prefs = useUiPreferences();
  // The storage's own data-break delay (decision 0071): the owner's, not the sub-user's, to change.
  const { roleContext } = useShellContext();
  const mayEditBreaks = mayChange(roleContext, 'editDataBreaks');
  // Whom the alerts reach, and when voice calls ring, are the owner's too (docs/roles.md): a
  // sub-user sees them and saves the storage's name with them as stored.
  const mayEditAlerts = mayChange(roleContext, 'editStorageAlerts');
  const breaks = useDataBreakSettings();
  const saveBreak = useSaveDataBreakSettings();
  const storedBreak = breaks.data?.storages.find((s) => s.itemID === storage.itemID)?.delayS ?? null;
  // undefined: untouched, the stored value shows (and follows a reload).
  const [breakDelay, setBreakDelay] = useState<number | null | undefined>(undefined);
  const breakEdited = breakDelay !== undefined && breakDelay !== storedBreak;
  const storedMessaging = alertMessagingOrDefault(storage.alertMessaging);
  const [messaging, setMessaging] = useState(storedMessaging);
  const [name, setName] = useState(storage.name);
  const [type, setType] = useState(storage.type);
  const [capacity, setCapacity] = useState(storage.capacity === null ? '' : String(storage.capacity));
  const parsedCapacity = parseCapacity(capacity, capacityMax);
  const messagingEdited = !sameJson(messaging, storedMessaging);
  const hoursEdited = hoursChanged(messaging, storedMessaging);
  // Everything but the hours, which setCustomAlertHours saves.
  const switchesEdited = !sameJson(
    { ...messaging, voice: { ...messaging.voice, ...hoursOf(storedMessaging) } },
    storedMessaging,
  );
  const itemEdited =
    name !== storage.name || type !== storage.type || parsedCapacity !== storage.capacity || switchesEdited;
  const edited = itemEdited || messagingEdited || breakEdited;
  const pending = save.isPending || saveHours.isPending || saveBreak.isPending;
  const valid = name.trim() !== '' && type.trim() !== '' && parsedCapacity !== 'invalid';

  const onSave = async () => {
    if (parsedCapacity === 'invalid') return;
    try {
      if (itemEdited)
        await save.mutateAsync({
          ...storageInputOf(storage),
          name: name.trim(),
          type: type.trim(),
          capacity: parsedCapacity,
          // The hours stay as stored here: they are the voice right's, and go by their own call.
          alertMessaging:
            storage.alertMessaging === null && !switchesEdited
              ? null
              : { ...messaging, voice: { ...messaging.voice, ...hoursOf(storedMessaging) } },
        });
      if (hoursEdited) await saveHours.mutateAsync({ itemID: storage.itemID, ...hoursOf(messaging) });
      if (breakEdited) {
        await saveBreak.mutateAsync({ storages: [{ itemID: storage.itemID, delayS: breakDelay ?? null }] });
        setBreakDelay(undefined);
      }
    } catch (error) {
      // Spec doc 3 §8: a failed storage save is only logged; the edits stay for a second try.
      console.error('saveStorage failed', error);
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 420 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (edited && valid && !readOnly) void onSave();
      }}
    >
      {readOnly && <Alert severity="info">{t('storageDetail.readOnly')}</Alert>}
      <TextField
        label={t('storageDetail.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={readOnly}
        required
        error={name.trim() === ''}
        slotProps={{ htmlInput: { maxLength: STORAGE_NAME_MAX } }}
      />
      <TextField
        label={t('storageDetail.type')}
        value={type}
        onChange={(e) => setType(e.target.value)}
        disabled={readOnly}
        required
        select
      >
        {STORAGE_TYPES.map((code) => (
          <MenuItem key={code} value={code}>
            {t(`storages.types.${code}`)}
          </MenuItem>
        ))}
        {/* A type saved through the API as free text stays selectable as it is. */}
        {!isStorageType(storage.type) && <MenuItem value={storage.type}>{storage.type}</MenuItem>}
      </TextField>
      <TextField
        label={t('storageDetail.capacity')}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
        disabled={readOnly}
        type="number"
        error={parsedCapacity === 'invalid'}
        helperText={t('storageDetail.capacityHelp', { max: capacityMax })}
        slotProps={{
          htmlInput: { min: 0, max: capacityMax, step: 1, inputMode: 'numeric' },
        }}
      />
      {recipients.error ? (
        <LoadErrorAlert error={recipients.error} onRetry={() => void recipients.refetch()} />
      ) : !recipients.data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : (
        <AlertMessagingSection
          value={messaging}
          onChange={setMessaging}
          recipients={recipients.data.results}
          voiceCallEnabled={recipients.data.voiceCallEnabled}
          sentinel={recipients.data.sentinel}
          readOnly={readOnly || !mayEditAlerts}
          sentinelTestable={!readOnly}
          unit={unitOf(prefs.degrees)}
          colorStepsC={prefs.color_steps}
          dateFormat={prefs.date_format}
          sentinelHealth={recipients.data.sentinelHealth}
        />
      )}
      {!readOnly && !mayEditAlerts && (
        <Typography variant="caption" color="text.secondary" data-testid="alert-messaging-owner-only">
          {t('alertMessaging.ownerOnly')}
        </Typography>
      )}
      {breaks.data && (
        <StorageDataBreakDelay
          value={breakDelay === undefined ? storedBreak : breakDelay}
          accountS={breaks.data.delayS}
          disabled={readOnly || !mayEditBreaks || pending}
          ownerOnly={!readOnly && !mayEditBreaks}
          onChange={setBreakDelay}
        />
      )}
      {!readOnly && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={!edited || !valid || pending}>
            {t('storageDetail.save')}
          </Button>
          {(save.isSuccess || saveHours.isSuccess || saveBreak.isSuccess) && !edited && (
            <span role="status">{t('storageDetail.saved')}</span>
          )}
        </Stack>
      )}
    </Stack>
  );
}
