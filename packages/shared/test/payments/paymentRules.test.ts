import { describe, expect, it } from 'vitest';
import type { Service } from '../../src/contracts/users.js';
import {
  addMonths,
  cardErrorCode,
  checkoutMode,
  compactDate,
  currencyOf,
  currencySymbol,
  dashedDate,
  extendExpiry,
  orderTotals,
  renewalOffered,
  taxRateOf,
  toCents,
} from '../../src/domain/payments/index.js';

const ts = (iso: string) => Date.parse(iso) / 1000;

// Spec doc 2 §9 "Price sent in cents (amount times 100, rounded)".
describe('toCents', () => {
  it.each([
    [199, 19_900],
    [249.75, 24_975],
    [0.1 + 0.2, 30],
    [19.999, 2000],
    [0.005, 1],
  ])('%s → %s cents', (amount, cents) => expect(toCents(amount)).toBe(cents));
});

// Spec doc 2 §9 "VAT as taxRate percent, shown with total".
describe('orderTotals', () => {
  it.each([
    [
      'a Premium year in Finland (25.5 %)',
      [199],
      25.5,
      { net: 199, tax: 50.75, total: 249.75, cents: 24_975 },
    ],
    [
      'a plan and two SIMs in Germany (19 %)',
      [199, 49, 49],
      19,
      { net: 297, tax: 56.43, total: 353.43, cents: 35_343 },
    ],
    ['no tax outside the listed countries', [99], 0, { net: 99, tax: 0, total: 99, cents: 9_900 }],
    ['an empty order', [], 24, { net: 0, tax: 0, total: 0, cents: 0 }],
  ])('%s', (_case, prices, rate, totals) => {
    expect(
      orderTotals(
        prices.map((price) => ({ price })),
        rate,
      ),
    ).toEqual(totals);
  });
});

// Spec doc 2 §3 Order "currency (dol shows $, otherwise euro)", taxRate.
describe('currency and tax by country', () => {
  it.each([
    ['us', 'dol', '$', 0],
    ['AU', 'dol', '$', 10],
    ['fi', 'eur', '€', 25.5],
    ['de', 'eur', '€', 19],
    ['hr', 'eur', '€', 25],
    [null, 'eur', '€', 0],
  ] as const)('%s: %s (%s), VAT %s %%', (country, currency, symbol, rate) => {
    expect(currencyOf(country)).toBe(currency);
    expect(currencySymbol(currencyOf(country))).toBe(symbol);
    expect(taxRateOf(country)).toBe(rate);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 12, '2027-01-15T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 1, '2026-02-28T00:00:00Z'],
    ['2027-12-31T00:00:00Z', 2, '2028-02-29T00:00:00Z'],
    ['2026-11-26T12:00:00Z', 2, '2027-01-26T12:00:00Z'],
  ])('%s + %s months = %s', (from, months, to) => expect(addMonths(ts(from), months)).toBe(ts(to)));
});

// Spec doc 2 §4 "Renewal buttons are hidden when the plan expiry is more than two months ahead";
// §9 "Renewal offered within 2 months of expiry".
describe('renewalOffered', () => {
  const now = ts('2026-11-26T12:00:00Z');
  it.each([
    ['expires in 20 days', ts('2026-12-16T00:00:00Z'), true],
    ['expires in exactly two months', ts('2027-01-26T12:00:00Z'), true],
    ['expires a second after two months', ts('2027-01-26T12:00:01Z'), false],
    ['expires in a year', ts('2027-11-26T00:00:00Z'), false],
    ['expired last week', ts('2026-11-19T00:00:00Z'), true],
    ['no expiry known', null, false],
  ])('%s → %s', (_case, exp, offered) => expect(renewalOffered(exp, now)).toBe(offered));
});

describe('extendExpiry', () => {
  const now = ts('2026-11-26T12:00:00Z');
  it.each([
    ['a running plan: a year after its expiry', ts('2026-12-16T00:00:00Z'), ts('2027-12-16T00:00:00Z')],
    ['a lapsed plan: a year from now', ts('2026-10-01T00:00:00Z'), ts('2027-11-26T12:00:00Z')],
    ['no expiry: a year from now', null, ts('2027-11-26T12:00:00Z')],
  ])('%s', (_case, current, next) => expect(extendExpiry(current, now, 12)).toBe(next));
});

// Spec doc 1 §7 Payments: "the plan renewal exp is reformatted from 8 digits to a dashed date".
describe('the renewal date', () => {
  it.each([
    ['20271126', '2027-11-26'],
    ['20280229', '2028-02-29'],
    ['20270229', null],
    ['2027-11-26', null],
    ['2027112', null],
    ['20271326', null],
  ])('%s → %s', (exp, dashed) => expect(dashedDate(exp)).toBe(dashed));
  it('writes an expiry as 8 digits (UTC)', () =>
    expect(compactDate(ts('2027-11-26T23:30:00Z'))).toBe('20271126'));
});

const service: Service = { plan: 2, trial: 0, started: 1, period: 12, expDate: 2, surveyCompleted: true };
const plan = (planName: 'Premium' | 'Supervisor' | 'Grain Supervisor' | 'Free') => [{ planName }];

// Spec doc 2 §6 "Supervisor and compost-supervisor users renew by invoice … Users with a service
// subscription outside Australia see a contact-support message instead of checkout."
describe('checkoutMode', () => {
  it.each([
    ['a Premium user in Finland', plan('Premium'), null, 'fi', 'card'],
    ['a Supervisor (compost)', plan('Supervisor'), null, 'nl', 'invoice'],
    ['a Grain Supervisor', plan('Grain Supervisor'), null, 'us', 'invoice'],
    ['a service user in Finland', plan('Premium'), service, 'fi', 'support'],
    ['a service user in Australia', plan('Premium'), service, 'au', 'card'],
    ['a supervisor with a service: invoice', plan('Supervisor'), service, 'fi', 'invoice'],
  ] as const)('%s → %s', (_case, plans, svc, country, mode) => {
    expect(checkoutMode({ plans: [...plans], service: svc, country })).toBe(mode);
  });
});

// Spec doc 1 §8 card errors by code; doc 2 §8 "else the provider message".
describe('cardErrorCode', () => {
  it.each([
    ['card_declined', 'insufficient_funds', 'insufficient_funds'],
    ['card_declined', 'generic_decline', 'card_declined'],
    ['expired_card', 'expired_card', 'expired_card'],
    ['incorrect_cvc', null, 'incorrect_cvc'],
    ['something_new', null, null],
    [null, null, null],
  ])('%s / %s → %s', (code, decline, shown) => expect(cardErrorCode(code, decline)).toBe(shown));
});
