import { describe, expect, it } from 'vitest';
import {
  emailOf,
  inAudience,
  normalizeAudience,
  smsPhoneOf,
  type Audience,
  type AudienceUser,
} from '../../src/domain/broadcasts/audience.js';

const farmer: AudienceUser = {
  admin: false,
  master: false,
  subUser: false,
  planLevel: 4,
  segment: 13,
  country: 'fi',
  language: 'fi',
  partnerApp: null,
  phone: '+358 40 123 4567',
  email: 'farmer@example.com',
};

describe('who an audience takes in', () => {
  it.each<[string, Partial<AudienceUser>, Audience, boolean]>([
    ['every customer without filters', {}, {}, true],
    ['empty filters as none', {}, { planLevels: [], countries: [] }, true],
    ['not staff', { admin: true }, {}, false],
    ['not a master', { master: true }, {}, false],
    ['not a sub-user', { subUser: true }, {}, false],
    ['by plan level', {}, { planLevels: [2, 4] }, true],
    ['not another plan level', {}, { planLevels: [2] }, false],
    ['by segment', {}, { segments: [13] }, true],
    ['no segment is in no segment filter', { segment: null }, { segments: [13] }, false],
    ['by country, any case', {}, { countries: ['FI'] }, true],
    ['no country is in no country filter', { country: null }, { countries: ['FI'] }, false],
    ['by language', {}, { languages: ['fi', 'sv'] }, true],
    ['not another language', {}, { languages: ['en'] }, false],
    ['our own app as none', {}, { partnerApps: ['none'] }, true],
    ['a Gari user', { partnerApp: 'gari' }, { partnerApps: ['gari'] }, true],
    ['a Gari user is not ours', { partnerApp: 'gari' }, { partnerApps: ['none'] }, false],
    ['an SMS phone', {}, { contact: 'sms' }, true],
    ['no SMS phone', { phone: '12' }, { contact: 'sms' }, false],
    ['an e-mail', {}, { contact: 'email' }, true],
    ['no e-mail', { email: null }, { contact: 'email' }, false],
    ['every filter must match', {}, { planLevels: [4], countries: ['SE'] }, false],
  ])('%s', (_name, change, audience, expected) => {
    expect(inAudience({ ...farmer, ...change }, audience)).toBe(expected);
  });
});

describe('contacts', () => {
  it.each([
    ['+358 40 123 4567', '+358401234567'],
    ['040-123 4567', '0401234567'],
    ['(202) 555-0101', '2025550101'],
    ['123', null],
    ['+1234567890123456', null],
    ['call me', null],
    [null, null],
  ])('the phone %s is %s for SMS', (phone, expected) => {
    expect(smsPhoneOf(phone)).toBe(expected);
  });

  it.each([
    ['a@b.fi', 'a@b.fi'],
    [' a@b.fi ', 'a@b.fi'],
    ['a@b', null],
    ['not an address', null],
    [null, null],
  ])('the e-mail %s is %s', (email, expected) => {
    expect(emailOf(email)).toBe(expected);
  });
});

describe('an audience as stored', () => {
  it.each<[Audience, Audience]>([
    [{}, {}],
    [{ planLevels: [], segments: [] }, {}],
    [{ planLevels: [4, 2, 4] }, { planLevels: [2, 4] }],
    [{ countries: ['se', 'FI'] }, { countries: ['FI', 'SE'] }],
    [
      { partnerApps: ['haytech', 'gari'], contact: 'sms' },
      { partnerApps: ['gari', 'haytech'], contact: 'sms' },
    ],
  ])('%o is %o', (given, stored) => {
    expect(normalizeAudience(given)).toEqual(stored);
  });
});
