import { describe, expect, it } from 'vitest';
import { newControllerRows } from '../src/features/fans/index.js';

describe('newControllerRows: what a registration and the demo seed store for a new controller', () => {
  const rows = newControllerRows({
    id: 'RC-9',
    ownerId: 4,
    type: 'RC',
    name: 'Barn fans',
    secretHash: 'h',
    nowS: 1_000,
    channels: [
      {},
      {
        name: 'North',
        serves: { storageId: 12, outdoor: { sensorId: 'OUT-1', bsId: 'BS-1' } },
        monitorRef: 3,
      },
      { serves: { storageId: 13, outdoor: null } },
    ],
  });

  it('counts the channels on the controller and numbers them from 1', () => {
    expect(rows.controller).toMatchObject({ id: 'RC-9', owner_user_id: 4, channels: 3, created_ts: 1_000 });
    expect(rows.channels.map((c) => c.channel)).toEqual([1, 2, 3]);
  });

  it.each([
    { channel: 0, in_use: null, use_ts: null, outdoor_id: null, bs_id: null, monitor_ref: null, name: null },
    {
      channel: 1,
      in_use: 12,
      use_ts: 1_000,
      outdoor_id: 'OUT-1',
      bs_id: 'BS-1',
      monitor_ref: 3,
      name: 'North',
    },
    { channel: 2, in_use: 13, use_ts: 1_000, outdoor_id: null, bs_id: null, monitor_ref: null, name: null },
  ])('channel $channel serves what it was given', ({ channel, ...want }) => {
    expect(rows.channels[channel]).toMatchObject(want);
  });

  it('starts every channel untouched: off, manual off, no rule, decided by nobody yet', () => {
    for (const c of rows.channels) {
      expect(c).toMatchObject({ command: 0, is_manual: 0, rule_type: null, decided_ts: null, rev: 0 });
      expect(JSON.parse(String(c.state))).toBeTypeOf('object');
      expect(JSON.parse(String(c.offline_rule))).toBeTypeOf('object');
    }
  });
});
