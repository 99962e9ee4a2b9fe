import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@emberwatch/shared/contracts/preferences';
import { depthMetres } from '@emberwatch/shared/domain/depthUnits';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { ACK_LINK_TTL_S, AckLinks } from '../src/features/delivery/ackLinks.js';
import {
  acceptedLanguage,
  formatDifference,
  formatTime,
  wordsFor,
} from '../src/features/delivery/alertTexts.js';
import { bundledServerTexts } from '../src/features/translations/index.js';
import { emailFailure } from '../src/features/delivery/channels/emailChannel.js';
import { twilioSignature, validTwilioSignature } from '../src/features/delivery/channels/twilioSignature.js';
import {
  callerNumberFor,
  e164,
  localHour,
  planMessages,
  reminderHeldUntil,
  ruleFactsOf,
  thresholdOf,
  voiceCallWanted,
  type AlertFacts,
  type PlanContext,
  type Recipient,
} from '../src/features/delivery/deliveryPlan.js';
import {
  BACKOFF_MAX_S,
  MAX_ATTEMPTS,
  nextAttemptDelayS,
  verdictOf,
} from '../src/features/delivery/retryPolicy.js';
import {
  anna,
  annaMail,
  ctx,
  facts,
  messaging,
  NIGHT_HELSINKI,
  NOON_HELSINKI,
  owner,
} from './support/planFixtures.js';

const summary = (list: ReturnType<typeof planMessages>) => list.map((m) => `${m.channel}:${m.address}`);

describe('planMessages', () => {
  it('texts and mails each chosen person, in their language and unit, from the caller number of their country', () => {
    const out = planMessages(facts, messaging(), ctx());
    expect(summary(out)).toEqual(['sms:+358401234567', 'sms:+12025550101', 'email:anna@example.com']);
    const [fi, en, mail] = out;
    expect(fi!.sender).toBe('+358401234567');
    expect(en!.sender).toBe('+12025550143');
    expect(fi!.body).toContain(
      'Emberwatch-hälytys: anturi Stack A, syvyys 2 kohteessa North barn on 65,2 °C, yli rajan 60,0 °C.',
    );
    expect(fi!.body).toContain('Kuittaa vastaamalla OK 7.');
    expect(en!.body).toContain('149.4 °F, above the limit 140.0 °F');
    expect(en!.body).toContain('https://ew.example/storages/3/probes/H10101');
    expect(mail!.body).toContain('Kuittaa: https://ew.example/delivery/ack?u=1');
    expect(mail!.html).toContain('href="https://ew.example/delivery/ack?u=1"');
    expect(mail!.subject).toBe('Emberwatch-hälytys: North barn');
  });

  it.each([
    {
      name: 'above the limit, outside the no-call hours',
      temp: 652,
      now: NIGHT_HELSINKI,
      hours: [9, 17],
      calls: true,
    },
    {
      name: 'inside the no-call hours (station time)',
      temp: 652,
      now: NOON_HELSINKI,
      hours: [9, 17],
      calls: false,
    },
    { name: 'start = end: day and night', temp: 652, now: NOON_HELSINKI, hours: [12, 12], calls: true },
    { name: 'at the limit exactly', temp: 600, now: NIGHT_HELSINKI, hours: [9, 17], calls: false },
    { name: 'a span across midnight', temp: 652, now: NIGHT_HELSINKI, hours: [22, 6], calls: false },
  ] as const)('voice: $name → calls $calls', ({ temp, now, hours, calls }) => {
    const m = messaging({
      voice: { active: true, recipients: [anna], noCallHours: [...hours], tempLimit: 60 },
    });
    const out = planMessages({ ...facts, temperature: temp }, m, ctx({ nowS: now }));
    expect(out.some((x) => x.channel === 'voice')).toBe(calls);
    if (calls)
      expect(out.find((x) => x.channel === 'voice')!.body).toMatch(
        /^Täällä Emberwatch\..*Kuittaa hälytys painamalla 1\.$/,
      );
  });

  it('never calls for a cold alert', () => {
    const m = messaging({ voice: { active: true, recipients: [anna], noCallHours: [0, 0], tempLimit: 0 } });
    expect(voiceCallWanted({ ...facts, isMin: true, temperature: 20 }, m.voice, NIGHT_HELSINKI)).toBe(false);
  });

  it('the all-clear goes by SMS and e-mail, asks for nothing and calls nobody', () => {
    const m = messaging({ voice: { active: true, recipients: [anna], noCallHours: [0, 0], tempLimit: 0 } });
    const out = planMessages(facts, m, ctx({ kind: 'clear' }));
    expect(out.map((x) => x.channel)).toEqual(['sms', 'sms', 'email']);
    expect(out[1]!.body).toMatch(
      /^Emberwatch: the alert of probe Stack A, depth 2 in North barn has ended\./,
    );
    expect(out.every((x) => !x.body.includes('OK') && !x.body.includes('/delivery/ack'))).toBe(true);
  });

  it('a repeat says which; from the escalation step the owner is told too, once', () => {
    expect(planMessages(facts, messaging(), ctx({ kind: 'repeat', step: 1 }))[1]!.body).toMatch(
      /^Reminder 1: /,
    );
    expect(summary(planMessages(facts, messaging(), ctx({ kind: 'repeat', step: 1 })))).not.toContain(
      'sms:+358401112222',
    );
    expect(summary(planMessages(facts, messaging(), ctx({ kind: 'repeat', step: 2 })))).toEqual([
      'sms:+358401234567',
      'sms:+12025550101',
      'sms:+358401112222',
      'email:anna@example.com',
      'email:owner@example.com',
    ]);
    const ownerChosen = messaging({
      sms: { active: true, recipients: [owner] },
      email: { active: false, recipients: [] },
    });
    // Issue 27 item 5: the owner's reminders go by SMS and e-mail, whichever channels the storage uses.
    expect(summary(planMessages(facts, ownerChosen, ctx({ kind: 'repeat', step: 3 })))).toEqual([
      'sms:+358401112222',
      'email:owner@example.com',
    ]);
  });

  it('a channel that is off sends nothing, even with people chosen', () => {
    const m = messaging({
      sms: { active: false, recipients: [anna] },
      email: { active: false, recipients: [annaMail] },
    });
    expect(planMessages(facts, m, ctx())).toEqual([]);
  });

  it('pushes once per person with push, whatever channels choose them', () => {
    const out = planMessages(facts, messaging(), ctx({ pushUsers: new Set([1]) }));
    const push = out.filter((x) => x.channel === 'push');
    expect(push).toEqual([
      expect.objectContaining({
        address: '1',
        payload: {
          url: '/storages/3/probes/H10101',
          alertId: 7,
          groupId: 7,
          kind: 'raise',
          // The notification's facts and its actions with the signed token (decision 0129).
          alert: { storage: 'North barn', probe: 'Stack A', temperature: '65,2 °C' },
          ack: {
            token: '7.1.1900000000.signature',
            label: expect.any(String) as string,
            openLabel: expect.any(String) as string,
          },
        },
      }),
    ]);
  });

  it('pushes the temperature in the recipient’s unit and language; the all-clear offers no acknowledgement', () => {
    const fahrenheit = { ...anna, unit: 'F' as const, language: 'de' };
    const m = messaging({ sms: { active: true, recipients: [fahrenheit] } });
    const [raise] = planMessages(facts, m, ctx({ pushUsers: new Set([1]) })).filter(
      (x) => x.channel === 'push',
    );
    expect(raise!.payload).toMatchObject({ alert: { temperature: '149,4 °F' } });
    const [clear] = planMessages(facts, m, ctx({ pushUsers: new Set([1]), kind: 'clear' })).filter(
      (x) => x.channel === 'push',
    );
    expect(clear!.payload).not.toHaveProperty('ack');
    expect(clear!.payload).not.toHaveProperty('alert');
  });

  it('calls Sentinel on raise and clear, not on repeats, with the documented payload', () => {
    const sentinel = { siteID: 'S-1', url: 'https://alarm.example/hook', language: 'en', unit: 'C' as const };
    const m = messaging({ sentinel: { active: true } });
    const raise = planMessages(facts, m, ctx({ sentinel })).find((x) => x.channel === 'sentinel')!;
    expect(raise.address).toBe('https://alarm.example/hook');
    expect(raise.payload).toEqual({
      kind: 'raise',
      siteID: 'S-1',
      alertId: 7,
      groupId: 7,
      storage: 'North barn',
      probe: 'H10101',
      depthM: depthMetres(1, 3),
      temperatureC: 65.2,
      limitC: 60,
      alertTime: new Date(facts.alertTs * 1000).toISOString(),
    });
    expect(
      planMessages(facts, m, ctx({ sentinel, kind: 'repeat', step: 1 })).some(
        (x) => x.channel === 'sentinel',
      ),
    ).toBe(false);
    expect(planMessages(facts, m, ctx({ sentinel: null })).some((x) => x.channel === 'sentinel')).toBe(false);
  });

  it('every language words a raise with the probe, storage and temperature', () => {
    for (const language of LANGUAGES) {
      const r = { ...anna, language };
      const [sms] = planMessages(
        facts,
        messaging({ sms: { active: true, recipients: [r] }, email: { active: false, recipients: [] } }),
        ctx(),
      );
      expect(sms!.body, language).toContain('Stack A');
      expect(sms!.body, language).toContain('North barn');
      expect(sms!.body, language).toMatch(/65[.,]2 °C/);
      expect(sms!.language).toBe(language);
    }
  });
});

describe('what an alert says it crossed (issue 27 item 10)', () => {
  const onlySms = (r: Recipient) =>
    messaging({ sms: { active: true, recipients: [r] }, email: { active: false, recipients: [] } });
  const en: Recipient = { ...anna, language: 'en' };
  const enF: Recipient = { ...en, unit: 'F' };
  const line = (f: Partial<AlertFacts>, r: Recipient = en, kind: PlanContext['kind'] = 'raise') =>
    planMessages({ ...facts, ...f }, onlySms(r), ctx({ kind }))[0]!.body.split(' Reading time')[0];
  it.each([
    [
      'an absolute maximum: its limit',
      {},
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 65.2 °C, above the limit 60.0 °C.',
    ],
    [
      'an absolute minimum: its limit',
      { ruleType: 'ABS_MIN', isMin: true, temperature: 18, threshold: 50 },
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 1.8 °C, below the limit 5.0 °C.',
    ],
    [
      'a rise rate: the rise, the window and the rate, not a limit',
      { ruleType: 'RISE_RATE', temperature: 322, threshold: 290, reference: 260, rate: 5, windowH: 6 },
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 32.2 °C: it rose 6.2 °C within 6 h, more than 0.5 °C an hour.',
    ],
    [
      'a rise rate in °F: differences without the offset',
      { ruleType: 'RISE_RATE', temperature: 322, threshold: 290, reference: 260, rate: 5, windowH: 6 },
      enF,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 90.0 °F: it rose 11.2 °F within 6 h, more than 0.9 °F an hour.',
    ],
    [
      "REL_MAX on the probe's own past: the rise from its low and the tolerance",
      { ruleType: 'REL_MAX', temperature: 452, threshold: 410, reference: 360, windowH: 24 },
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 45.2 °C: it rose 9.2 °C within 24 h (from 36.0 °C), more than the 5.0 °C allowed.',
    ],
    [
      "REL_MIN on the pile's own past: the fall from its high",
      { ruleType: 'REL_MIN', isMin: true, temperature: 540, threshold: 550, reference: 600, windowH: 12 },
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 54.0 °C: it fell 6.0 °C within 12 h (from 60.0 °C), more than the 5.0 °C allowed.',
    ],
    [
      "REL_MAX against the other probes' average",
      { ruleType: 'REL_MAX', temperature: 271, threshold: 265, reference: 215, windowH: null },
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 27.1 °C, 5.6 °C above the average of the other probes (21.5 °C), more than the 5.0 °C allowed.',
    ],
    [
      'a relative alert recorded before its facts were kept: the old wording',
      { ruleType: 'REL_MAX', temperature: 452, threshold: 410 },
      en,
      'Emberwatch alert: probe Stack A, depth 2 in North barn is 45.2 °C, above the limit 41.0 °C.',
    ],
  ] as const)('%s', (_name, f, r, want) => expect(line(f, r)).toBe(want));

  it('a rise rate in every language says the rate per hour, and no limit', () => {
    const rise = {
      ruleType: 'RISE_RATE',
      temperature: 322,
      threshold: 290,
      reference: 260,
      rate: 5,
      windowH: 6,
    };
    for (const language of LANGUAGES) {
      const body = planMessages({ ...facts, ...rise }, onlySms({ ...anna, language }), ctx())[0]!.body;
      expect(body, language).toMatch(/6[.,]2 °C/);
      expect(body, language).toMatch(/0[.,]5 °C/);
      expect(body, language).not.toMatch(/29[.,]0/);
    }
  });

  it('the all-clear says the value that ended the alert, and when', () => {
    const ended = { clearTemperature: 475, clearTs: NOON_HELSINKI + 3600 };
    const out = planMessages({ ...facts, ...ended }, messaging(), ctx({ kind: 'clear' }));
    expect(out[1]!.body).toBe(
      'Emberwatch: the alert of probe Stack A, depth 2 in North barn has ended: the temperature is back to 117.5 °F. Ended 11/26/2026, 1:00 PM GMT+2.',
    );
    expect(out[0]!.body).toContain('lämpötila on palannut arvoon 47,5 °C');
    expect(out[2]!.body).toContain('47,5 °C');
    // A reset ends it without a reading: no temperature is claimed.
    const reset = planMessages({ ...facts, clearTs: NOON_HELSINKI }, messaging(), ctx({ kind: 'clear' }));
    expect(reset[1]!.body).toMatch(
      /^Emberwatch: the alert of probe Stack A, depth 2 in North barn has ended\. Ended /,
    );
  });

  it('the Sentinel all-clear carries the clearing temperature and time, not the raising ones', () => {
    const sentinel = { siteID: 'S-1', url: 'https://alarm.example/hook', language: 'en', unit: 'C' as const };
    const m = messaging({ sentinel: { active: true } });
    const f = { ...facts, temperature: 620, clearTemperature: 475, clearTs: NOON_HELSINKI + 7200 };
    const clear = planMessages(f, m, ctx({ sentinel, kind: 'clear', nowS: NOON_HELSINKI + 9000 })).find(
      (x) => x.channel === 'sentinel',
    )!;
    expect(clear.payload).toMatchObject({
      kind: 'clear',
      temperatureC: 47.5,
      alertTime: new Date((NOON_HELSINKI + 7200) * 1000).toISOString(),
    });
    expect(clear.body).toContain('back to 47.5 °C');
    expect(clear.body).toContain('2:00 PM GMT+2');
  });

  it.each([
    ['ABS_MAX', {}, 400, { reference: null, rate: null, window_h: null }],
    ['REL_MAX', { tempRef: 'SINGLE', turnPoint: 24 }, 360, { reference: 360, rate: null, window_h: 24 }],
    [
      'REL_MAX',
      { tempRef: 'AVERAGE_TEMP', turnPoint: 24 },
      215,
      { reference: 215, rate: null, window_h: null },
    ],
    ['REL_MIN', { tempRef: 'MAX', turnPoint: 12 }, 600, { reference: 600, rate: null, window_h: 12 }],
    ['RISE_RATE', { alertLimit: 5, turnPoint: 6 }, 260, { reference: 260, rate: 5, window_h: 6 }],
  ] as const)('ruleFactsOf(%s, %j, TP %s) = %j', (type, over, TP, want) =>
    expect(ruleFactsOf({ type, settings: { ...defaultRuleSettings(type), ...over } }, { TP })).toEqual(want),
  );
});

describe('times and differences in messages', () => {
  it.each([
    [NOON_HELSINKI, 'Europe/Helsinki', 'en', '11/26/2026, 12:00 PM GMT+2'],
    [NOON_HELSINKI, 'Europe/Helsinki', 'fi', '26.11.2026 klo 12.00 UTC+2'],
    [NOON_HELSINKI, 'Europe/Helsinki', 'de', '26.11.2026, 12:00 OEZ'],
    [NOON_HELSINKI, 'America/Chicago', 'en', '11/26/2026, 4:00 AM CST'],
    [NOON_HELSINKI, 'Asia/Kolkata', 'es', '26/11/2026, 15:30 GMT+5:30'],
    [NOON_HELSINKI, null, 'fr', '26/11/2026 10:00 UTC'],
    [NOON_HELSINKI, 'Not/AZone', 'en', '11/26/2026, 10:00 AM UTC'],
  ] as const)('formatTime(%i, %s, %s) = %s', (t, zone, language, want) =>
    expect(formatTime(t, zone, language)).toBe(want),
  );
  it.each([
    [62, 'C', 'en', '6.2 °C'],
    [62, 'F', 'en', '11.2 °F'],
    [-50, 'F', 'fi', '−9,0 °F'],
  ] as const)('formatDifference(%i, %s, %s) = %s', (tenths, unit, language, want) =>
    expect(formatDifference(tenths, unit, language)).toBe(want),
  );
});

describe('the words of every language', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every text with the same placeholders as English',
    (language) => {
      const en = wordsFor(bundledServerTexts(), 'en');
      const other = wordsFor(bundledServerTexts(), language);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof typeof en)[])
        expect(placeholders(other[key]), `${language}.${key}`).toEqual(placeholders(en[key]));
    },
  );
  it('Dutch says sonde, not sensor', () => {
    expect(JSON.stringify(wordsFor(bundledServerTexts(), 'nl'))).not.toMatch(/sensor/i);
  });
});

describe('small rules', () => {
  it.each([
    ['+358 40 123 4567', '+358401234567'],
    ['00358401234567', '+358401234567'],
    ['+1 (202) 555-0101', '+12025550101'],
  ])('e164(%s) = %s', (input, want) => expect(e164(input)).toBe(want));

  it.each([
    ['us', '+1'],
    ['CA', '+1'],
    ['mx', '+1'],
    ['fi', '+358'],
    [null, '+358'],
  ])('the caller number for %s starts %s', (country, prefix) =>
    expect(
      callerNumberFor(country, { northAmerica: '+12025550143', international: '+358401234567' }),
    ).toMatch(new RegExp(`^\\${prefix}`)),
  );

  it('local hours follow the station zone and fall back to UTC', () => {
    expect(localHour(NOON_HELSINKI, 'Europe/Helsinki')).toBe(12);
    expect(localHour(NOON_HELSINKI, null)).toBe(10);
    expect(localHour(NOON_HELSINKI, 'Not/AZone')).toBe(10);
  });

  it.each([
    ['ABS_MAX', null, 600, 600],
    ['ABS_MIN', null, 50, 50],
    ['REL_MAX', 400, 50, 450],
    ['REL_MIN', 400, 50, 350],
    ['RISE_RATE', 400, 5, 400 + 5 * 6],
    ['REL_MAX', null, 50, null],
  ] as const)('thresholdOf(%s, TP %s, limit %s) = %s', (type, TP, alertLimit, want) => {
    const settings = {
      ...defaultRuleSettings(type),
      alertLimit,
      ...(type === 'RISE_RATE' ? { turnPoint: 6 } : {}),
    };
    expect(thresholdOf({ type, settings }, { TP })).toBe(want);
  });
  it('a fan rule has no threshold', () =>
    expect(thresholdOf({ type: 'MANUAL_CONTROL', settings: {} }, { TP: null })).toBeNull());
});

describe('retries', () => {
  it('back off exponentially with jitter in the upper half, capped', () => {
    expect(nextAttemptDelayS(1, 0)).toBe(8);
    expect(nextAttemptDelayS(1, 0.999)).toBe(15);
    expect(nextAttemptDelayS(3, 0)).toBe(30);
    expect(nextAttemptDelayS(3, 0.999)).toBe(60);
    expect(nextAttemptDelayS(30, 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_S);
    expect(nextAttemptDelayS(30, 0.999)).toBeGreaterThan(BACKOFF_MAX_S - 10);
    expect(nextAttemptDelayS(30, 0)).toBe(BACKOFF_MAX_S / 2);
  });
  it.each([
    [{ ok: true as const, providerId: 'x' }, 1, 'sent'],
    [{ ok: false as const, permanent: true, error: '400' }, 1, 'failed'],
    [{ ok: false as const, permanent: false, error: '503' }, 1, 'pending'],
    [{ ok: false as const, permanent: false, error: '503' }, MAX_ATTEMPTS, 'failed'],
  ])('%j after %i attempts → %s', (outcome, attempts, status) =>
    expect(verdictOf(outcome, attempts, 0.5).status).toBe(status),
  );
});

describe('signatures', () => {
  it("Twilio's: valid for the same URL and parameters, not for any change", () => {
    const params = { From: '+358401234567', Body: 'OK', MessageSid: 'SM1' };
    const sig = twilioSignature('token', 'https://ew.example/delivery/sms/inbound', params);
    expect(validTwilioSignature('token', 'https://ew.example/delivery/sms/inbound', params, sig)).toBe(true);
    expect(
      validTwilioSignature(
        'token',
        'https://ew.example/delivery/sms/inbound',
        { ...params, Body: 'NO' },
        sig,
      ),
    ).toBe(false);
    expect(validTwilioSignature('other', 'https://ew.example/delivery/sms/inbound', params, sig)).toBe(false);
    expect(validTwilioSignature('token', 'https://evil.example/delivery/sms/inbound', params, sig)).toBe(
      false,
    );
    expect(validTwilioSignature('token', 'https://ew.example/delivery/sms/inbound', params, undefined)).toBe(
      false,
    );
  });
  const NOW = 1_780_000_000;
  const key = (fill: number) => Buffer.alloc(32, fill);
  const at = (nowS: number, k = key(1)) => new AckLinks(k, 'https://ew.example', () => nowS);
  const parts = (link: string) => {
    const q = new URL(link).searchParams;
    return { a: Number(q.get('a')), u: Number(q.get('u')), e: Number(q.get('e')), s: q.get('s')! };
  };
  it('the e-mail link names one alert, one person and its end, and cannot be moved', () => {
    const { a, u, e, s } = parts(at(NOW).link(7, 1));
    expect([a, u, e]).toEqual([7, 1, NOW + ACK_LINK_TTL_S]);
    expect(at(NOW).link(7, 1)).toBe(`https://ew.example/delivery/ack?a=7&u=1&e=${e}&s=${s}`);
    expect(at(NOW).check(7, 1, e, s)).toBe('valid');
    expect(at(NOW).check(8, 1, e, s)).toBe('invalid');
    expect(at(NOW).check(7, 2, e, s)).toBe('invalid');
    expect(at(NOW, key(2)).check(7, 1, e, s)).toBe('invalid');
  });
  it.each([
    ['made now', 0, 0, 'valid'],
    ['on its last second (7 days on)', ACK_LINK_TTL_S, 0, 'valid'],
    ['a second after its week', ACK_LINK_TTL_S + 1, 0, 'expired'],
    ['a month old', 30 * 86_400, 0, 'expired'],
    ['with its expiry moved on by a day (tampered)', ACK_LINK_TTL_S + 1, 86_400, 'invalid'],
    ['with its expiry moved on by a second (tampered)', 0, 1, 'invalid'],
  ] as const)('a link %s is %s', (_name, later, shift, want) => {
    const { a, u, e, s } = parts(at(NOW).link(7, 1));
    expect(at(NOW + later).check(a, u, e + shift, s)).toBe(want);
  });
  it('the first key kept wins: two instances starting together sign alike', async () => {
    const kept = new Map<string, string>();
    const store = {
      key: (name: string) => Promise.resolve(kept.get(name)),
      keepKey: (name: string, value: string) => {
        if (!kept.has(name)) kept.set(name, value);
        return Promise.resolve(kept.get(name)!);
      },
    };
    const start = () =>
      AckLinks.start({ store, secret: undefined, publicUrl: 'https://ew.example', nowS: () => NOW });
    const [one, two] = await Promise.all([start(), start()]);
    expect(one.link(7, 1)).toBe(two.link(7, 1));
    expect(kept.get('ack-links')).toMatch(/^[\w-]{43}$/);
    // Another installation (another store) makes another key.
    kept.clear();
    expect((await start()).link(7, 1)).not.toBe(one.link(7, 1));
  });
  it("an operator's secret signs alike everywhere it is set, and never touches the store", async () => {
    const store = {
      key: () => Promise.reject(new Error('no')),
      keepKey: () => Promise.reject(new Error('no')),
    };
    const opts = { store, publicUrl: 'https://ew.example', nowS: () => NOW };
    const a = await AckLinks.start({ ...opts, secret: 'x'.repeat(40) });
    const b = await AckLinks.start({ ...opts, secret: 'x'.repeat(40) });
    const c = await AckLinks.start({ ...opts, secret: 'y'.repeat(40) });
    expect(a.link(7, 1)).toBe(b.link(7, 1));
    expect(a.link(7, 1)).not.toBe(c.link(7, 1));
  });
});

describe('the language of a page for someone unknown', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fi-FI,fi;q=0.9,en;q=0.8', 'fi'],
    ['ja,de;q=0.5,fr;q=0.7', 'fr'],
    ['de;q=0,nl', 'nl'],
    ['pt-BR,pt;q=0.9', 'en'],
  ])('Accept-Language %j → %s', (header, want) => expect(acceptedLanguage(header)).toBe(want));
});

describe('SMTP failures', () => {
  it.each([
    [{ code: 'EMESSAGE', responseCode: 451 }, false],
    [{ code: 'EMESSAGE', responseCode: 550 }, true],
    [{ code: 'EENVELOPE', responseCode: 450 }, false],
    [{ code: 'EENVELOPE' }, true],
    [{ code: 'ECONNECTION' }, false],
    [{ code: 'ETIMEDOUT' }, false],
  ])('%j is permanent: %s', (err, permanent) => {
    const out = emailFailure(Object.assign(new Error('x'), err));
    expect(out).toMatchObject({ ok: false, permanent });
  });
});

describe('quiet hours for reminders', () => {
  const hot = { temperature: 652, isMin: false, timeZone: 'Europe/Helsinki' };
  const warm = { ...hot, temperature: 480 };
  it.each([
    ['a critical alert (above the voice limit) at 22:00', hot, NIGHT_HELSINKI, null],
    ['a non-critical one at noon', warm, NOON_HELSINKI, null],
    [
      'a non-critical one at 22:00 waits for 06:00 station time',
      warm,
      NIGHT_HELSINKI,
      Date.UTC(2026, 10, 27, 4, 0) / 1000,
    ],
    [
      'a cold alert at 22:00 waits too',
      { ...hot, isMin: true, temperature: 20 },
      NIGHT_HELSINKI,
      Date.UTC(2026, 10, 27, 4, 0) / 1000,
    ],
  ] as const)('%s', (_name, facts, now, want) => {
    expect(reminderHeldUntil(facts, 60, [22, 6], now)).toBe(want);
  });
  it('equal hours mean no quiet hours', () =>
    expect(reminderHeldUntil(warm, 60, [0, 0], NIGHT_HELSINKI)).toBeNull());
});
