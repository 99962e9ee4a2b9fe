import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FcItem } from '@emberwatch/shared/contracts/fans';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import type { CycleSpan } from '@emberwatch/shared/domain/rules/ruleLimits';
import { unitOf, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { FanSchedulerFields } from '../fans';
import { useUiPreferences } from '../sessions';
import { RuleDialogFrame } from './RuleDialogFrame';
import {
  COOLDOWN_NUMBERS,
  CYCLE_SPAN_CHOICES,
  cooldownNumberRange,
  fanRuleDraft,
  fanRuleErrors,
  fanRuleForm,
  runMinuteRange,
  withSpan,
  type CooldownNumber,
  type FanRuleDraft,
  type FanRuleError,
  type FanRuleForm,
} from './fanRuleForm';

export type { FanRuleDraft } from './fanRuleForm';

/** A probe the outdoor probe may be chosen from. */
export interface OutdoorProbeChoice {
  id: string;
  name: string | null;
}

/**
 * The fan-control rule dialog (spec doc 3 §3, §5, §9): the controller the rule drives (with its
 * channels and what each serves), for a cooldown rule the outdoor probe, target, deltas, hysteresis
 * and data ages in the user's unit, for a cyclic rule the cycle span and on-time (lowered with the
 * span), and for both the scheduler's hours per weekday, read as held hours or (reverse) as the only
 * hours the fans may run. OK stays disabled until every check passes; the rule in words follows
 * every change.
 */
export function FanRuleDialog({
  rule,
  controllers,
  probes,
  nameOfStorage = (id) => `#${id}`,
  nameOfMonitor = (id) => `#${id}`,
  onDone,
  onClose,
}: {
  rule: FanRuleDraft;
  nameOfStorage?: (itemID: number) => string;
  nameOfMonitor?: (itemID: number) => string;
  /** The account's controller channels (getFcItem), the rule's controller chosen among them. */
  controllers: readonly FcItem[];
  probes: readonly OutdoorProbeChoice[];
  onDone: (rule: FanRuleDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unit = unitOf(useUiPreferences().degrees);
  const [form, setForm] = useState<FanRuleForm>(() =>
    fanRuleForm(rule, unit, {
      cooldown: defaultRuleSettings('COOLDOWN_CONTROL'),
      cyclic: defaultRuleSettings('CYCLIC_CONTROL'),
    }),
  );
  const errors = fanRuleErrors(form, unit);
  const draft = fanRuleDraft(form, rule.id, unit);
  const message = (e: FanRuleError | undefined) => e && t(e.key, { min: e.min, max: e.max });
  const set = (patch: Partial<FanRuleForm>) => setForm((f) => ({ ...f, ...patch }));

  const controllerIds = [...new Set(controllers.map((c) => c.FC_ID))];
  // A rule naming a controller the account no longer lists keeps it visible, so it can be changed.
  if (form.FC_ID && !controllerIds.includes(form.FC_ID)) controllerIds.push(form.FC_ID);
  const channels = controllers.filter((c) => c.FC_ID === form.FC_ID);
  const probeIds = probes.map((p) => p.id);
  const probeChoices =
    form.outdoorID && !probeIds.includes(form.outdoorID)
      ? [...probes, { id: form.outdoorID, name: null }]
      : probes;

  return (
    <RuleDialogFrame
      titleId="fan-rule-title"
      title={t(`monitors.types.${rule.type}.title`)}
      draft={draft}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField
        select
        required
        label={t('monitors.fanRule.controller')}
        value={form.FC_ID}
        onChange={(e) => set({ FC_ID: e.target.value })}
        error={Boolean(errors.FC_ID)}
        helperText={message(errors.FC_ID) ?? ' '}
      >
        {controllerIds.map((id) => {
          const name = controllers.find((c) => c.FC_ID === id)?.name;
          return (
            <MenuItem key={id} value={id}>
              {name ? `${name} (${id})` : id}
            </MenuItem>
          );
        })}
      </TextField>
      {channels.length > 0 && (
        <Box data-testid="fan-rule-channels">
          <Typography variant="body2">{t('monitors.fanRule.channels')}</Typography>
          {channels.map((c) => (
            <Typography key={c.channel} variant="body2" color="text.secondary">
              {c.inUse !== null
                ? t('monitors.fanRule.channelInUse', {
                    channel: c.channel,
                    storage: nameOfStorage(c.inUse),
                  })
                : c.monitorRef !== null
                  ? t('monitors.fanRule.channelMonitor', {
                      channel: c.channel,
                      monitor: nameOfMonitor(c.monitorRef),
                    })
                  : t('monitors.fanRule.channelFree', { channel: c.channel })}
            </Typography>
          ))}
        </Box>
      )}

      {form.type === 'COOLDOWN_CONTROL' && (
        <>
          <TextField
            select
            required
            label={t('monitors.fanRule.outdoor')}
            value={form.outdoorID}
            onChange={(e) => set({ outdoorID: e.target.value })}
            error={Boolean(errors.outdoorID)}
            helperText={message(errors.outdoorID) ?? t('monitors.fanRule.outdoorHelp')}
          >
            {probeChoices.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name ? `${p.name} (${p.id})` : p.id}
              </MenuItem>
            ))}
          </TextField>
          {COOLDOWN_NUMBERS.map((n) => (
            <CooldownNumberField
              key={n}
              name={n}
              unit={unit}
              value={form.numbers[n]}
              error={message(errors[n])}
              onChange={(value) => setForm((f) => ({ ...f, numbers: { ...f.numbers, [n]: value } }))}
            />
          ))}
        </>
      )}

      {form.type === 'CYCLIC_CONTROL' && (
        <>
          <TextField
            select
            label={t('monitors.fanRule.cycleSpan')}
            value={String(form.cycleSpan)}
            onChange={(e) => setForm((f) => withSpan(f, Number(e.target.value) as CycleSpan))}
          >
            {CYCLE_SPAN_CHOICES.map((span) => (
              <MenuItem key={span} value={String(span)}>
                {t('monitors.fanRule.minutes', { minutes: span })}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography id="fan-run-minutes" variant="body2">
              {t('monitors.fanRule.runMinutes', { minutes: form.runMinutes })}
            </Typography>
            <Slider
              aria-labelledby="fan-run-minutes"
              value={form.runMinutes}
              {...runMinuteRange(form)}
              step={1}
              valueLabelDisplay="auto"
              onChange={(_, v) => set({ runMinutes: v })}
            />
          </Box>
        </>
      )}

      {form.type !== 'MANUAL_CONTROL' && (
        <FanSchedulerFields value={form} error={message(errors.disabledHours)} onChange={set} />
      )}
      {form.type === 'MANUAL_CONTROL' && (
        <Typography variant="body2" color="text.secondary">
          {t('monitors.fanRule.manualHelp')}
        </Typography>
      )}

      <FormControlLabel
        control={
          <Checkbox checked={form.notifications} onChange={(e) => set({ notifications: e.target.checked })} />
        }
        label={t('monitors.fanRule.notifications')}
      />
    </RuleDialogFrame>
  );
}

function CooldownNumberField({
  name,
  unit,
  value,
  error,
  onChange,
}: {
  name: CooldownNumber;
  unit: DegreesUnit;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const range = cooldownNumberRange(name, unit);
  return (
    <TextField
      label={`${t(`monitors.fanRule.fields.${name}`, { unit })} (${range.min}…${range.max})`}
      type="number"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? t(`monitors.fanRule.help.${name}`)}
      slotProps={{ htmlInput: { step: 1, ...range } }}
    />
  );
}
