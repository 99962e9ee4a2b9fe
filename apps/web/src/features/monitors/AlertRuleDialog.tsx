import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ABS_TEMP_REFS,
  DEPTH_VARIANT_REFS,
  TEMP_REFS,
  type AlertRule,
  type TempRef,
} from '@emberwatch/shared/contracts/monitors';
import { MAX_DEPTHS } from '@emberwatch/shared/contracts/ingest';
import { RULE_TYPE_INFO } from '@emberwatch/shared/domain/kinds/ruleTypes';
import {
  ruleFieldError,
  ruleFieldFromStored,
  ruleFieldRange,
  ruleFieldStep,
  ruleFieldToStored,
  type RuleField,
} from '@emberwatch/shared/domain/rules/ruleFieldRange';
import type { CompostChoice } from '@emberwatch/shared/domain/rules/ruleOffer';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { useUiPreferences } from '../sessions';
import { RuleDialogFrame } from './RuleDialogFrame';

type DraftOf<R> = R extends AlertRule ? Pick<R, 'id' | 'type' | 'settings'> : never;
/** A rule as the editor holds it: what the monitor editor sends back (alerts stay on the monitor's copy). */
export type AlertRuleDraft = DraftOf<AlertRule>;

type NumberFields = Partial<Record<RuleField, string>>;

type DialogKind = 'ABS' | 'REL' | 'RATE';

/** The numeric fields of a kind of rule, in the order the dialog shows them. */
function fieldsOf(kind: DialogKind): RuleField[] {
  if (kind === 'ABS') return ['absLimit', 'clearMargin', 'minDuration'];
  if (kind === 'RATE') return ['riseRate', 'riseWindow', 'alertReset', 'clearMargin', 'minDuration'];
  return ['tolerance', 'turnPoint', 'alertReset', 'clearMargin', 'minDuration'];
}

/** The stored value behind a field (the limit is the ABS limit or the REL tolerance). */
function storedOf(rule: AlertRuleDraft, field: RuleField): number {
  const s = rule.settings;
  if (field === 'absLimit' || field === 'tolerance' || field === 'riseRate') return s.alertLimit;
  if (field === 'clearMargin') return s.clearMargin;
  if (field === 'minDuration') return s.minDuration;
  if ('turnPoint' in s && (field === 'turnPoint' || field === 'riseWindow')) return s.turnPoint;
  if ('alertReset' in s && field === 'alertReset') return s.alertReset;
  return 0;
}

/**
 * The ABS and REL rule dialogs (spec doc 3 §2, §5): every setting in the user's unit, each checked
 * against the spec's range with the shared ruleFieldError ('err_value_between' with the range), and
 * the rule in words below, following every change. OK is possible only with every field valid.
 */
export function AlertRuleDialog({
  rule,
  compost = 'choose',
  onDone,
  onClose,
}: {
  rule: AlertRuleDraft;
  /** Whether the compost variant is forced on, off or the user's (the shared ruleOffer). */
  compost?: CompostChoice;
  onDone: (rule: AlertRuleDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unit = unitOf(useUiPreferences().degrees);
  const group: DialogKind =
    rule.type === 'RISE_RATE' ? 'RATE' : RULE_TYPE_INFO[rule.type].group === 'ABS' ? 'ABS' : 'REL';
  const fields = fieldsOf(group);
  const [texts, setTexts] = useState<NumberFields>(() =>
    Object.fromEntries(fields.map((f) => [f, String(ruleFieldFromStored(f, storedOf(rule, f), unit))])),
  );
  const [tempRef, setTempRef] = useState<TempRef>(rule.settings.tempRef);
  const [refDepth, setRefDepth] = useState<number | null>(rule.settings.refDepth);
  const [compostRule, setCompostRule] = useState(compost === 'always' || rule.settings.compostRule);
  // A compost rule stays visible (and can be turned off) where new ones are not offered.
  const showCompost = compost !== 'never' || rule.settings.compostRule;

  // Only the relative rules compare with the other probes; a rate is the probe's own.
  const refs: readonly TempRef[] = group === 'REL' ? TEMP_REFS : ABS_TEMP_REFS;
  // The depth variants: a single depth can be chosen only where the reference reads single depths.
  const depthChoosable =
    group === 'REL' ? DEPTH_VARIANT_REFS.some((r) => r === tempRef) : tempRef === 'SINGLE';
  const errors = Object.fromEntries(
    fields.map((f) => {
      const text = texts[f]?.trim() ?? '';
      const err = ruleFieldError(f, text === '' ? Number.NaN : Number(text), unit);
      return [f, err && t(err.key, { min: err.min, max: err.max })];
    }),
  ) as Partial<Record<RuleField, string | null>>;
  const valid = fields.every((f) => !errors[f]);

  const stored = (f: RuleField) => ruleFieldToStored(f, Number(texts[f]), unit);
  const base = {
    tempRef,
    refDepth: depthChoosable ? refDepth : null,
    compostRule,
    clearMargin: valid ? stored('clearMargin') : rule.settings.clearMargin,
    minDuration: valid ? stored('minDuration') : rule.settings.minDuration,
  };
  const draft: AlertRuleDraft | null = !valid
    ? null
    : group === 'ABS'
      ? ({
          ...rule,
          settings: {
            ...base,
            tempRef: tempRef as (typeof ABS_TEMP_REFS)[number],
            alertLimit: stored('absLimit'),
          },
        } as AlertRuleDraft)
      : group === 'RATE'
        ? ({
            ...rule,
            settings: {
              ...base,
              tempRef: tempRef as (typeof ABS_TEMP_REFS)[number],
              alertLimit: stored('riseRate'),
              turnPoint: stored('riseWindow'),
              alertReset: stored('alertReset'),
            },
          } as AlertRuleDraft)
        : ({
            ...rule,
            settings: {
              ...base,
              alertLimit: stored('tolerance'),
              turnPoint: stored('turnPoint'),
              alertReset: stored('alertReset'),
            },
          } as AlertRuleDraft);

  const label = (f: RuleField) => {
    const { min, max } = ruleFieldRange(f, unit);
    return `${t(`monitors.rule.fields.${f}`, { unit })} (${min}…${max})`;
  };

  return (
    <RuleDialogFrame
      titleId="alert-rule-title"
      title={t(`monitors.types.${rule.type}.title`)}
      draft={draft}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField
        select
        label={t('monitors.rule.tempRef')}
        value={tempRef}
        onChange={(e) => setTempRef(e.target.value as TempRef)}
      >
        {refs.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`monitors.rule.tempRefs.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      {depthChoosable && (
        <TextField
          select
          label={t('monitors.rule.refDepth')}
          value={refDepth === null ? 'all' : String(refDepth)}
          onChange={(e) => setRefDepth(e.target.value === 'all' ? null : Number(e.target.value))}
        >
          <MenuItem value="all">{t('monitors.rule.allDepths')}</MenuItem>
          {Array.from({ length: MAX_DEPTHS }, (_, i) => (
            <MenuItem key={i} value={String(i)}>
              {t('monitors.rule.depthN', { depth: i + 1 })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {fields.map((f) => (
        <TextField
          key={f}
          label={label(f)}
          type="number"
          value={texts[f] ?? ''}
          onChange={(e) => setTexts((prev) => ({ ...prev, [f]: e.target.value }))}
          error={Boolean(errors[f])}
          helperText={errors[f] ?? ' '}
          slotProps={{ htmlInput: { step: ruleFieldStep(f), ...ruleFieldRange(f, unit) } }}
        />
      ))}
      {showCompost && (
        <FormControlLabel
          control={
            <Checkbox
              checked={compostRule}
              disabled={compost === 'always'}
              onChange={(e) => setCompostRule(e.target.checked)}
            />
          }
          label={t('monitors.rule.compost')}
        />
      )}
    </RuleDialogFrame>
  );
}
