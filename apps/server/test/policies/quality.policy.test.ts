import { describe, expect, it } from 'vitest';
import { mayViewQuality } from '../../src/features/quality/quality.policy.js';
import { cell, tableOf } from './rows.js';

const NOW = 1_800_000_000;
const NEEDS = '403 Hay quality needs a valid paid or trial service.';

/** Spec doc 3 §6: hay quality for an account with a valid paid or trial service; staff always. */
describe('the quality policy', () => {
  // Whether the caller sees the storage's account is asked first: another account never gets here.
  it('shows hay quality for a valid service, and to staff whatever the service', () => {
    const row = (w: Parameters<typeof mayViewQuality>[0]) => [
      cell(mayViewQuality(w, { service: { trial: 0, expDate: NOW + 86_400 } }, NOW)),
      cell(mayViewQuality(w, { service: { trial: 1, expDate: null } }, NOW)),
      cell(mayViewQuality(w, { service: { trial: 0, expDate: NOW } }, NOW)),
      cell(mayViewQuality(w, { service: { trial: -1, expDate: null } }, NOW)),
      cell(mayViewQuality(w, { service: null }, NOW)),
    ];
    const customer = ['yes', 'yes', NEEDS, NEEDS, NEEDS];
    const staff = ['yes', 'yes', 'yes', 'yes', 'yes'];
    expect(tableOf(row)).toEqual({
      owner: customer,
      subUser: customer,
      master: customer,
      grandMaster: customer,
      masterItself: customer,
      root: staff,
      admin: staff,
      tech: staff,
      sales: staff,
      visitor: customer,
      otherAccount: customer,
    });
  });
});
