import { describe, expect, it } from 'vitest';
import { surveyAnswersSchema } from '../../src/contracts/insight.js';
import type { Plan } from '../../src/contracts/users.js';
import { formatInsightDate, insightTrialEnd, trialState } from '../../src/domain/insight/insightTrial.js';
import { capacityStep, surveyCapacityMax } from '../../src/domain/insight/storageCapacity.js';
import { emptySurvey, type SurveyAnswers } from '../../src/domain/insight/surveyAnswers.js';
import { surveyProblem, surveyStepProblem } from '../../src/domain/insight/surveySteps.js';
import { resizeSurveyStorages } from '../../src/domain/insight/surveyStorages.js';
import { volumeAt, volumePosition, VOLUME_POSITION_MAX } from '../../src/domain/insight/volumeScale.js';

const storage = (id: number, over: Partial<SurveyAnswers['storages'][number]> = {}) => ({
  id,
  name: `Storage ${id}`,
  type: 'warehouse' as const,
  capacity: 100,
  size: null,
  undefinedLayoutType: true,
  ...over,
});
const complete = (over: Partial<SurveyAnswers> = {}): SurveyAnswers => ({
  ...emptySurvey(),
  activityType: 'dairy',
  hayType: 'bales',
  yearlyCuts: 3,
  balesPerYear: 1200,
  balesType: 'round',
  balesWeight: 350,
  storageTime: [6, 12],
  storagesNumber: 1,
  storages: [storage(1)],
  ...over,
});

describe('survey step rules (spec doc 1 §5)', () => {
  const cases: [string, Parameters<typeof surveyStepProblem>[0], Partial<SurveyAnswers>, string | null][] = [
    ['step 0 complete', 'hay', {}, null],
    ['step 0: no activity type', 'hay', { activityType: null }, 'activityType'],
    ['step 0: other without a text', 'hay', { activityType: 'other', activityOther: '  ' }, 'activityOther'],
    ['step 0: other with a text', 'hay', { activityType: 'other', activityOther: 'horses' }, null],
    ['step 0: no hay type', 'hay', { hayType: null }, 'hayType'],
    ['step 0: 0 cuts', 'hay', { yearlyCuts: 0 }, 'yearlyCuts'],
    ['step 0: cuts not applicable (-1)', 'hay', { yearlyCuts: -1 }, null],
    ['step 0: 8 cuts', 'hay', { yearlyCuts: 8 }, null],
    ['step 1 complete (bales counted in bales)', 'scale', {}, null],
    ['step 1: bales, 0 bales a year', 'scale', { balesPerYear: 0 }, 'volume'],
    [
      'step 1: bales counted in tons uses the tons',
      'scale',
      { hayTypeUnit: 'tons', balesPerYear: 0, averageTonsPerYear: 40 },
      null,
    ],
    [
      'step 1: bales counted in tons, 0 tons',
      'scale',
      { hayTypeUnit: 'tons', averageTonsPerYear: 0 },
      'volume',
    ],
    ['step 1: no bales type', 'scale', { balesType: null }, 'balesType'],
    ['step 1: bale weight 0', 'scale', { balesWeight: 0 }, 'balesWeight'],
    [
      'step 1: loose hay, tons above 0',
      'scale',
      { hayType: 'loose', averageTonsPerYear: 5, balesType: null, balesWeight: 0 },
      null,
    ],
    ['step 1: loose hay, 0 tons', 'scale', { hayType: 'loose', averageTonsPerYear: 0 }, 'volume'],
    ['step 2 complete', 'storage', {}, null],
    ['step 2: zero storage time', 'storage', { storageTime: [4, 4] }, 'storageTime'],
    ['step 2: no storage', 'storage', { storagesNumber: 0, storages: [] }, 'storages'],
    ['step 2: list shorter than the count', 'storage', { storagesNumber: 2 }, 'storages'],
    [
      'step 2: storage without a type',
      'storage',
      { storages: [storage(1, { type: null })] },
      'storageNameType',
    ],
    [
      'step 2: storage without a name',
      'storage',
      { storages: [storage(1, { name: ' ' })] },
      'storageNameType',
    ],
    ['step 3 (Ready) always', 'ready', { activityType: null }, null],
  ];
  it.each(cases)('%s', (_name, step, over, expected) => {
    expect(surveyStepProblem(step, complete(over))).toBe(expected);
  });

  it('the whole survey names the first failing step', () => {
    expect(surveyProblem(complete())).toBeNull();
    expect(surveyProblem(emptySurvey())).toEqual({ step: 'hay', problem: 'activityType' });
    expect(surveyProblem(complete({ storageTime: [0, 0] }))).toEqual({
      step: 'storage',
      problem: 'storageTime',
    });
  });
});

describe('survey answer ranges (spec doc 1 §9)', () => {
  const cases: [string, Partial<SurveyAnswers>, boolean][] = [
    ['complete answers', {}, true],
    ['9 cuts', { yearlyCuts: 9 }, false],
    ['-2 cuts', { yearlyCuts: -2 }, false],
    ['bale weight 1000 kg', { balesWeight: 1000 }, true],
    ['bale weight 1050 kg', { balesWeight: 1050 }, false],
    ['bale weight 2000 lb', { weightUnit: 'lb', balesWeight: 2000 }, true],
    ['bale weight 2050 lb', { weightUnit: 'lb', balesWeight: 2050 }, false],
    ['bale weight off the 50 step', { balesWeight: 375 }, false],
    ['storage time 0-12', { storageTime: [0, 12] }, true],
    ['storage time to 13', { storageTime: [0, 13] }, false],
    ['storage time backwards', { storageTime: [8, 2] }, false],
    ['11 storages', { storagesNumber: 11 }, false],
    ['volume 50000', { balesPerYear: 50000 }, true],
    ['volume 50001', { balesPerYear: 50001 }, false],
  ];
  it.each(cases)('%s', (_name, over, ok) => {
    expect(surveyAnswersSchema.safeParse(complete(over)).success).toBe(ok);
  });
});

describe('the storage list follows the count (spec doc 1 §4)', () => {
  const name = (n: number) => `Storage ${n}`;
  it.each([
    [0, 3, ['Storage 1', 'Storage 2', 'Storage 3']],
    [3, 1, ['Storage 1']],
    [2, 2, ['Storage 1', 'Storage 2']],
    [2, 0, []],
  ] as const)('%i storages set to %i', (from, to, names) => {
    const start = resizeSurveyStorages([], from, name);
    const next = resizeSurveyStorages(start, to, name);
    expect(next.map((s) => s.name)).toEqual(names);
    expect(new Set(next.map((s) => s.id)).size).toBe(next.length);
  });
  it('keeps edited storages when growing and drops from the end', () => {
    const edited = [storage(1, { name: 'Barn' }), storage(2, { name: 'Shed' })];
    expect(resizeSurveyStorages(edited, 3, name).map((s) => [s.name, s.type])).toEqual([
      ['Barn', 'warehouse'],
      ['Shed', 'warehouse'],
      ['Storage 3', null],
    ]);
    expect(resizeSurveyStorages(edited, 1, name).map((s) => s.name)).toEqual(['Barn']);
  });
});

describe('the volume scale (spec doc 1 §9: marks 0, 1000, 2000, 3000, 5000, 10000, 50000)', () => {
  it.each([
    [0, 0],
    [50, 500],
    [100, 1000],
    [200, 2000],
    [300, 3000],
    [350, 4000],
    [400, 5000],
    [450, 7500],
    [500, 10000],
    [550, 30000],
    [600, 50000],
    [700, 50000],
    [-5, 0],
  ])('position %i is %i', (position, volume) => {
    expect(volumeAt(position)).toBe(volume);
  });
  it.each([
    [0, 0],
    [1000, 100],
    [4000, 350],
    [10000, 500],
    [50000, 600],
    [90000, 600],
    [-3, 0],
  ])('volume %i sits at position %i', (volume, position) => {
    expect(volumePosition(volume)).toBe(position);
  });
  it('every position maps back to itself', () => {
    for (let p = 0; p <= VOLUME_POSITION_MAX; p++) expect(volumePosition(volumeAt(p))).toBe(p);
  });
});

describe('storage capacity (spec doc 1 §9 steps; doc 3 §5 max from the survey, default 1000)', () => {
  it.each([
    [500, 100],
    [3000, 100],
    [3001, 200],
    [5000, 200],
    [10000, 500],
    [10001, 1000],
    [50000, 1000],
  ])('max %i steps by %i', (max, step) => {
    expect(capacityStep(max)).toBe(step);
  });
  it.each([
    [
      'bales counted in bales',
      { hayType: 'bales', hayTypeUnit: 'bales', balesPerYear: 4000, averageTonsPerYear: 9 },
      4000,
    ],
    [
      'bales counted in tons',
      { hayType: 'bales', hayTypeUnit: 'tons', balesPerYear: 4000, averageTonsPerYear: 90 },
      90,
    ],
    ['loose hay', { hayType: 'loose', hayTypeUnit: 'bales', balesPerYear: 4000, averageTonsPerYear: 70 }, 70],
    ['nothing yet', { hayType: null, hayTypeUnit: 'bales', balesPerYear: 0, averageTonsPerYear: 0 }, 1000],
  ] as const)('%s', (_name, a, max) => {
    expect(surveyCapacityMax(a)).toBe(max);
  });
});

describe('trial (spec doc 1 §9)', () => {
  it.each([
    [0, 'accepted'],
    [-1, 'refused'],
    [1, 'inTrial'],
    [2, 'inTrial'],
  ] as const)('trial %i is %s', (trial, state) => {
    expect(trialState(trial)).toBe(state);
  });
  const NOW = 1_800_000_000;
  const p = (planLevel: number, dueDate: number | null): Plan[] => [
    { planName: 'Premium', planLevel, segment: null, dueDate, expired: false },
  ];
  it.each([
    ['no plan: trialDays later', [], 1, NOW + 86400],
    ['14 days', [], 14, NOW + 14 * 86400],
    ['level 3 ending later keeps its date', p(3, NOW + 90 * 86400), 1, NOW + 90 * 86400],
    ['level 3 ending sooner: trial end', p(3, NOW + 3600), 1, NOW + 86400],
    ['level 2 ending later: trial end (only level 3 keeps its date)', p(2, NOW + 90 * 86400), 1, NOW + 86400],
  ] as const)('%s', (_name, plans, days, end) => {
    expect(insightTrialEnd(NOW, days, plans)).toBe(end);
  });
  it('dates are d.MM.yyyy', () => {
    expect(formatInsightDate(Date.UTC(2027, 2, 5, 12) / 1000, 'UTC')).toBe('5.03.2027');
    expect(formatInsightDate(Date.UTC(2026, 10, 26, 12) / 1000, 'UTC')).toBe('26.11.2026');
  });
});
