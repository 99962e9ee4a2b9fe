import { describe, expect, it } from 'vitest';
import { batchTimeZone } from '../../src/domain/batches/batchTimeZone.js';

// Decision 0079: a batch's page and its PDF show its times on its station's clock.
describe('batchTimeZone', () => {
  it.each([
    ['Europe/Amsterdam', 'Europe/London', 'Europe/Amsterdam'],
    ['Europe/Amsterdam', null, 'Europe/Amsterdam'],
    [null, 'Europe/London', 'Europe/London'],
    ['', 'Europe/London', 'Europe/London'],
    ['Not/AZone', 'America/Chicago', 'America/Chicago'],
    [null, null, 'UTC'],
    [null, 'Not/AZone', 'UTC'],
  ])('station %s, viewer %s: %s', (station, viewer, zone) => {
    expect(batchTimeZone(station, viewer)).toBe(zone);
  });
});
