import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { RuleCore } from '@emberwatch/shared/contracts/monitors';
import { explainRule, type ExplainValue } from '@emberwatch/shared/domain/rules/explainRule';
import { tenthsToDifference } from '@emberwatch/shared/domain/rules/ruleLimits';
import { unitOf, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { formatDecimal, formatTemperatureText } from '../../lib/formatDecimal';
import { useUiPreferences } from '../sessions';

/** One value of an explanation in the user's unit: a level converts with the offset, a difference without. */
function explainValueText(value: ExplainValue, unit: DegreesUnit): string {
  switch (value.kind) {
    case 'temperature':
      return formatTemperatureText(value.tenths, unit, true);
    case 'difference':
      return `${formatDecimal(tenthsToDifference(value.tenths, unit), 0)} °${unit}`;
    case 'rate': {
      // A rate keeps its decimal (0.5 °C/h); tenths of °C per hour are 0.18 °F per hour each.
      const perHour = unit === 'C' ? value.tenths / 10 : (value.tenths * 9) / 50;
      return `${formatDecimal(perHour, 1)} °${unit}/h`;
    }
    case 'number':
      return String(value.value);
    case 'text':
      return value.value;
  }
}

/** A rule's settings in words (shared explainRule), one sentence after the other, in °C or °F. */
export function useRuleSentences(rule: RuleCore): string[] {
  const { t } = useTranslation();
  // The keys are checked by RULE_EXPLANATION_KEYS against the locales; the union of 28 keys with
  // different interpolations is more than i18next's overloads resolve, so t is called plainly here.
  const translate = t as unknown as (key: string, values: Record<string, string>) => string;
  const unit = unitOf(useUiPreferences().degrees);
  return explainRule(rule).map((part) => {
    const values = Object.fromEntries(
      Object.entries(part.values).map(([name, v]) => [name, explainValueText(v, unit)]),
    );
    return translate(part.key, values);
  });
}

export function RuleExplanation({ rule, testId }: { rule: RuleCore; testId?: string }) {
  const sentences = useRuleSentences(rule);
  return (
    <Typography variant="body2" color="text.secondary" data-testid={testId}>
      {sentences.join(' ')}
    </Typography>
  );
}
