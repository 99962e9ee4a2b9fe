import { describe, expect, it } from 'vitest';
import { customerGroupOf, type GroupFacts } from '../../src/domain/customers/customerGroups.js';
import {
  boundsOf,
  fromMicroDegrees,
  locationProblem,
  parseCoordinate,
  toMicroDegrees,
} from '../../src/domain/customers/customerLocation.js';
import {
  registrationProblems,
  type RegistrationForm,
} from '../../src/domain/customers/customerRegistration.js';

describe('the hay-app split of the customer lists', () => {
  const hayApp: GroupFacts = { partnerApp: 'haytech', migrationStartedTs: null };
  const hayAppMigrating: GroupFacts = { partnerApp: 'haytech', migrationStartedTs: 100 };
  const migrating: GroupFacts = { partnerApp: null, migrationStartedTs: 100 };
  const gari: GroupFacts = { partnerApp: 'gari', migrationStartedTs: null };
  const plain: GroupFacts = { partnerApp: null, migrationStartedTs: null };

  it.each([
    [hayApp, 'hayApp'],
    [hayAppMigrating, 'hayApp'],
    [migrating, 'migrating'],
    [gari, 'other'],
    [plain, 'other'],
  ] as const)('%o is %s', (facts, group) => {
    expect(customerGroupOf(facts)).toBe(group);
  });
});

describe('a customer location', () => {
  it.each([
    [null, null, null],
    [62.79, 22.84, null],
    [-90, -180, null],
    [90, 180, null],
    [90.0001, 0, 'latitude'],
    [-91, 0, 'latitude'],
    [0, 180.5, 'longitude'],
    [Number.NaN, 0, 'latitude'],
    [0, Number.NaN, 'longitude'],
    [60, null, 'pair'],
    [null, 20, 'pair'],
  ] as const)('(%s, %s): %s', (lat, lon, problem) => {
    expect(locationProblem(lat, lon)).toBe(problem);
  });

  it.each([
    ['', null],
    ['  ', null],
    ['61.5', 61.5],
    ['61,5', 61.5],
    ['-21', -21],
    ['+3.25', 3.25],
    ['abc', Number.NaN],
    ['1.2.3', Number.NaN],
  ])('"%s" reads as %s', (text, value) => {
    expect(parseCoordinate(text)).toEqual(value);
  });

  it.each([
    [62.7903, 62_790_300],
    [-21.5, -21_500_000],
    [0.0000004, 0],
    [179.9999999, 180_000_000],
  ])('%s° is %s micro-degrees and back', (deg, micro) => {
    expect(toMicroDegrees(deg)).toBe(micro);
    expect(fromMicroDegrees(micro)).toBeCloseTo(deg, 6);
  });

  it.each([
    [[], null],
    [
      [{ lat: 1, lon: 2 }],
      [
        [1, 2],
        [1, 2],
      ],
    ],
    [
      [
        { lat: 62, lon: 22 },
        { lat: -34, lon: 138 },
        { lat: 41, lon: -93 },
      ],
      [
        [-34, -93],
        [62, 138],
      ],
    ],
  ])('the box around %o is %o', (points, box) => {
    expect(boundsOf(points)).toEqual(box);
  });
});

describe('registering a customer', () => {
  const ok: RegistrationForm = {
    username: 'new-farm',
    email: 'owner@farm.example',
    firstname: 'Nora',
    lastname: '',
    phone: '',
    country: 'fi',
  };
  it.each([
    [{}, {}],
    [{ firstname: '', lastname: 'Farm Ltd' }, {}],
    [{ username: 'ab' }, { username: 'username_too_short' }],
    [{ username: '_x123' }, { username: 'username_err' }],
    [{ username: 'has space' }, { username: 'username_err' }],
    [{ email: '' }, { email: 'email_required' }],
    [{ email: 'nope' }, { email: 'invalid_email' }],
    [{ firstname: ' ', lastname: '' }, { firstname: 'name_required' }],
    [{ phone: '+358 40 123 4567' }, {}],
    [{ phone: '123' }, { phone: 'phone_too_short' }],
    [{ phone: 'call me' }, { phone: 'phone_invalid' }],
    [{ country: 'FIN' }, { country: 'country_invalid' }],
    [{ country: '' }, { country: 'country_invalid' }],
  ] as const)('%o: %o', (change, problems) => {
    expect(registrationProblems({ ...ok, ...change })).toEqual(problems);
  });
});
