import { describe, expect, it } from 'vitest';
import { ingestPacketSchema } from '@emberwatch/shared/contracts/ingest';
import { checkPacket } from '../src/features/ingest/packetCheck.js';

const TS = 1_763_900_000;
const reading = {
  sensor_id: 'H10001',
  meas_ts: TS,
  temperatures: [215, 220, 231],
  sensor_RSSI: -71,
  bs_RSSI: -60,
  batt_voltage: 301,
};
const good = {
  type: 'data',
  sent_ts: TS,
  firmware: '3.2',
  version: 'V5.1.0',
  bs_type: 2,
  readings: [reading],
};

/** A copy of `good` with one field of the packet, or of its reading, replaced (undefined removes it). */
function packetWith(field: string, value: unknown): unknown {
  const p: Record<string, unknown> = structuredClone(good);
  if (value === undefined) delete p[field];
  else p[field] = value;
  return p;
}
function readingWith(field: string, value: unknown): unknown {
  const r: Record<string, unknown> = structuredClone(reading);
  if (value === undefined) delete r[field];
  else r[field] = value;
  return { type: 'data', readings: [r] };
}

// Values at, just inside and just outside every limit of the contract, and values of the wrong type.
const ints = (lo: number, hi: number) => [lo, hi, lo - 1, hi + 1, 1.5, '5', true, [], {}];
const packets: [string, unknown][] = [
  ['the full packet', good],
  ['a packet of only its type', { type: 'boot' }],
  ['no readings', { type: 'data', readings: [] }],
  [
    'a reading without signal or battery',
    { type: 'data3', readings: [{ sensor_id: 'G1', meas_ts: TS, temperatures: [1] }] },
  ],
  ['null signal and battery', readingWith('batt_voltage', null)],
  [
    '1,000 readings',
    { type: 'data', readings: Array.from({ length: 1000 }, (_, i) => ({ ...reading, meas_ts: TS + i })) },
  ],
  [
    '1,001 readings',
    { type: 'data', readings: Array.from({ length: 1001 }, (_, i) => ({ ...reading, meas_ts: TS + i })) },
  ],
  ['a body that is an array', [good]],
  ['a body that is null', null],
  ['a body that is a string', 'data'],
  ['an unknown packet field', packetWith('extra', 1)],
  ['an unknown reading field', readingWith('extra', 1)],
  ['readings that are not a list', packetWith('readings', { 0: reading })],
  ['a reading that is not an object', packetWith('readings', [null])],
  ...[...['data', 'data3', 'boot', 'ota', 'conf', 'conf3', 'gossip', 'DATA', '', 1, null, undefined]].map(
    (v): [string, unknown] => [`type ${JSON.stringify(v)}`, packetWith('type', v)],
  ),
  ...[0, -5, 2 ** 53, 1.5, '1', null].map((v): [string, unknown] => [
    `sent_ts ${v}`,
    packetWith('sent_ts', v),
  ]),
  ...['', 'x'.repeat(32), 'x'.repeat(33), 3, null].flatMap((v): [string, unknown][] => [
    [`firmware ${JSON.stringify(v)}`, packetWith('firmware', v)],
    [`version ${JSON.stringify(v)}`, packetWith('version', v)],
  ]),
  ...[...ints(-1, 99), null].map((v): [string, unknown] => [
    `bs_type ${JSON.stringify(v)}`,
    packetWith('bs_type', v),
  ]),
  ...['H1', 'a_b-C9', 'x'.repeat(32), 'x'.repeat(33), '', 'H 1', 'H.1', 'Hé', 'H1\n', 7, null, undefined].map(
    (v): [string, unknown] => [`sensor_id ${JSON.stringify(v)}`, readingWith('sensor_id', v)],
  ),
  ...[1_420_070_400, 1_420_070_399, 2 ** 53 - 1, 2 ** 53, 1.5, '1763900000', null, undefined].map(
    (v): [string, unknown] => [`meas_ts ${JSON.stringify(v)}`, readingWith('meas_ts', v)],
  ),
  ...[
    [-500],
    [2000],
    [-501],
    [2001],
    [],
    [1, 2, 3, 4, 5, 6, 7, 8],
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1.5],
    ['1'],
    [null],
    5,
    null,
    undefined,
  ].map((v): [string, unknown] => [`temperatures ${JSON.stringify(v)}`, readingWith('temperatures', v)]),
  ...['sensor_RSSI', 'bs_RSSI'].flatMap((f) =>
    [...ints(-200, 0), null].map((v): [string, unknown] => [`${f} ${JSON.stringify(v)}`, readingWith(f, v)]),
  ),
  ...[...ints(0, 1000), null].map((v): [string, unknown] => [
    `batt_voltage ${JSON.stringify(v)}`,
    readingWith('batt_voltage', v),
  ]),
  // The mobile network a station reports (optional).
  ...[
    { operator: 'Telia FI', net: 'LTE', rssi: -71 },
    { operator: 'x'.repeat(32), net: 'x'.repeat(16), rssi: -150 },
    { operator: 'Elisa', net: 'NB-IoT', rssi: 0 },
    { operator: 'x'.repeat(33), net: 'LTE', rssi: -71 },
    { operator: '', net: 'LTE', rssi: -71 },
    { operator: 'Elisa', net: 'x'.repeat(17), rssi: -71 },
    { operator: 'Elisa', net: '', rssi: -71 },
    ...ints(-150, 0).map((rssi) => ({ operator: 'Elisa', net: '2G', rssi })),
    { operator: 'Elisa', net: 'LTE' },
    { operator: 'Elisa', net: 'LTE', rssi: -71, cell: 5 },
    { operator: 7, net: 'LTE', rssi: -71 },
    'Elisa',
    [],
    null,
  ].map((v): [string, unknown] => [`mobile ${JSON.stringify(v)}`, packetWith('mobile', v)]),
];

describe('the ingest packet check', () => {
  it.each(packets)('agrees with the contract on %s', (_name, packet) => {
    const byContract = ingestPacketSchema.safeParse(structuredClone(packet));
    const body = structuredClone(packet);
    expect(checkPacket(body)).toBe(byContract.success);
    // An accepted body is the packet the contract returns.
    if (byContract.success) expect(body).toEqual(byContract.data);
  });

  it('holds both valid and invalid packets in its table', () => {
    const accepted = packets.filter(([, p]) => ingestPacketSchema.safeParse(p).success).length;
    expect(accepted).toBeGreaterThan(20);
    expect(packets.length - accepted).toBeGreaterThan(40);
  });
});
