import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { checkBatchSettings } from '../src/features/batches/batchSettingsCheck';
import type { PhaseDraft } from '../src/features/batches/phaseDrafts';

// A translator that shows the key and its values, so each row names the message the user sees.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
const fmt = {
  fromField: (text: string) => (Number.isFinite(Number(text)) ? Math.round(Number(text) * 10) : null),
  temperature: (tenths: number | null) => `${(tenths ?? 0) / 10} °C`,
};
const phase = (over: Partial<PhaseDraft> = {}): PhaseDraft => ({
  key: 'p',
  phase_name: 'Hot',
  targetTemp: '55',
  targetHours: '72',
  ...over,
});

describe('checkBatchSettings: the one check of a batch form and the batch defaults', () => {
  it.each([
    { name: 'a valid plan and limit', phases: [phase()], alertTemp: '70', want: { alertTemp: 700 } },
    { name: 'no limit is allowed', phases: [phase()], alertTemp: '  ', want: { alertTemp: null } },
    { name: 'an empty plan', phases: [], alertTemp: '', want: { alertTemp: null } },
    {
      name: 'a phase without a name',
      phases: [phase({ phase_name: ' ' })],
      alertTemp: '',
      want: 'batches.errors.phaseName',
    },
    {
      name: 'hours not whole',
      phases: [phase({ targetHours: '1.5' })],
      alertTemp: '',
      want: 'batches.errors.hours {"max":8784}',
    },
    {
      name: 'a target out of range',
      phases: [phase({ targetTemp: '101' })],
      alertTemp: '',
      want: 'batches.errors.number {"min":"0 °C","max":"100 °C"}',
    },
    {
      name: 'a limit that is not a number',
      phases: [phase()],
      alertTemp: 'hot',
      want: 'batches.errors.number',
    },
    {
      name: 'the plan is checked before the limit',
      phases: [phase({ phase_name: '' })],
      alertTemp: 'hot',
      want: 'batches.errors.phaseName',
    },
  ])('$name', ({ phases, alertTemp, want }) => {
    const result = checkBatchSettings({ phases, alertTemp }, fmt, t);
    if (typeof want === 'string') {
      expect(result).toHaveProperty('error');
      expect((result as { error: string }).error.startsWith(want)).toBe(true);
    } else {
      expect(result).toMatchObject(want);
      expect(result).toHaveProperty('phases');
    }
  });
});
