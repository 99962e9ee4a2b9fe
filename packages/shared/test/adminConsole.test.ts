import { describe, expect, it } from 'vitest';
import {
  adminBarTone,
  compareMatches,
  customerLabel,
  isPhoneSearch,
  likeLiteral,
  matchQuality,
  pageOfMatches,
  partnerAppOf,
  personName,
  phoneDigits,
  systemFamilyOf,
  SYSTEM_FAMILIES,
  type RankedMatch,
} from '../src/domain/adminConsole.js';

describe('the admin console shell rules', () => {
  it.each([
    [null, 'main'],
    ['haytech', 'haytech'],
    ['gari', 'gari'],
    ['something else', 'main'],
  ] as const)('an account with partner app %s is of the %s family', (app, family) => {
    expect(systemFamilyOf(app)).toBe(family);
  });

  it('maps each family back to its partner-app kind', () => {
    expect(SYSTEM_FAMILIES.map((f) => [f, partnerAppOf(f)])).toEqual([
      ['main', null],
      ['haytech', 'haytech'],
      ['gari', 'gari'],
    ]);
    for (const f of SYSTEM_FAMILIES) expect(systemFamilyOf(partnerAppOf(f))).toBe(f);
  });

  it.each([
    ['+1 (202) 555-0102', '12025550102'],
    ['040 555 1234', '0405551234'],
    ['no digits', ''],
    ['', ''],
  ])('the digits of %j are %j', (text, digits) => {
    expect(phoneDigits(text)).toBe(digits);
  });

  it.each([
    ['+1 (202) 555-0102', true],
    ['040 555 1234', true],
    ['555', true],
    ['55', false],
    ['F1000001', false],
    ['farmer 123', false],
    ['', false],
  ])('%j can be a phone number: %s', (text, phone) => {
    expect(isPhoneSearch(text)).toBe(phone);
  });

  it.each([
    ['F1000001', 'f1000001'],
    ['50%', '50!%'],
    ['a_b', 'a!_b'],
    ['wow!', 'wow!!'],
    ['Ä!%_', 'ä!!!%!_'],
  ])('the LIKE literal of %j is %j', (text, literal) => {
    expect(likeLiteral(text)).toBe(literal);
  });

  it.each([
    ['F1000001', 'f1000001', 0],
    ['F1000001', 'F100', 1],
    ['North barn', 'barn', 2],
    ['North barn', 'silo', null],
    ['North barn', '', null],
  ] as const)('%j matches %j with quality %s', (value, search, quality) => {
    expect(matchQuality(value, search)).toBe(quality);
  });

  const m = (bsId: string, key: RankedMatch['key'], value: string, quality: RankedMatch['quality']) => ({
    bsId,
    key,
    value,
    quality,
  });

  it('orders matches by quality, then key, then text, then station', () => {
    const shuffled = [
      m('B2', 'username', 'anna', 1),
      m('B1', 'probe', 'H1', 2),
      m('B3', 'stationId', 'B3', 1),
      m('B9', 'email', 'x@y', 0),
      m('B1', 'username', 'anna', 1),
      m('B0', 'username', 'Zed', 1),
    ];
    expect(
      [...shuffled].sort(compareMatches).map((x) => `${x.quality} ${x.key} ${x.value} ${x.bsId}`),
    ).toEqual([
      '0 email x@y B9',
      '1 stationId B3 B3',
      // Code-point order: capitals before small letters.
      '1 username Zed B0',
      '1 username anna B1',
      '1 username anna B2',
      '2 probe H1 B1',
    ]);
  });

  it('merges the keys’ lists into one page, and says whether more follow', () => {
    const stations = [m('B1', 'stationId', 'B1', 1), m('B2', 'stationId', 'B2', 1)];
    const users = [m('B7', 'username', 'b-user', 0), m('B8', 'username', 'b-user2', 2)];
    expect(pageOfMatches([stations, users], 0, 2)).toEqual({
      page: [users[0], stations[0]],
      more: true,
    });
    expect(pageOfMatches([stations, users], 2, 2)).toEqual({ page: [stations[1], users[1]], more: false });
    expect(pageOfMatches([stations, users], 4, 2)).toEqual({ page: [], more: false });
    expect(pageOfMatches([], 0, 20)).toEqual({ page: [], more: false });
  });

  it.each([
    [{ username: 'hay@demo', name: 'Hillside Hay Farm' }, 'Hillside Hay Farm (hay@demo)'],
    [{ username: 'hay@demo', name: null }, 'hay@demo'],
    [{ username: 'hay@demo', name: '  ' }, 'hay@demo'],
  ])('names the customer %j as %j', (owner, label) => {
    expect(customerLabel(owner)).toBe(label);
  });

  it.each([
    ['Hillside', 'Hay Farm', 'Hillside Hay Farm'],
    ['Hillside', null, 'Hillside'],
    [null, ' Farm ', 'Farm'],
    [null, null, null],
    ['', '', null],
  ] as const)('the name of %j and %j is %j', (first, last, name) => {
    expect(personName(first, last)).toBe(name);
  });

  it.each([
    ['production', 'production'],
    ['development', 'development'],
    ['test', 'development'],
    [undefined, 'development'],
  ] as const)('the admin bar of a %s server has the %s colour', (env, tone) => {
    expect(adminBarTone(env)).toBe(tone);
  });
});
