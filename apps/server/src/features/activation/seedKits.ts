import { issueStationSecret } from '../ingest/index.js';
import type { Store } from '../../db/createDatabase.js';
import { ActivationRepository, type NewKit } from './activation.repository.js';
import { kitCodeHash } from './kitCodes.js';

/**
 * The demo's unactivated kits, with fixed codes so that the README can list them. Their stations'
 * secrets are made and dropped: nothing sends for them (the simulator plays the demo accounts').
 */
export const DEMO_KITS: readonly {
  code: string;
  kind: 'system' | 'probes';
  bsId?: string;
  setId?: string;
  probes?: readonly { sensor_id: string; depths: number }[];
  partnerApp?: 'gari';
}[] = [
  { code: 'SYS1-DEM0-7K2Q', kind: 'system', bsId: 'F1900001' },
  { code: 'SYS2-DEM0-4M8H', kind: 'system', bsId: 'F1900002' },
  { code: 'GAR1-DEM0-3P7R', kind: 'system', bsId: 'F1900003', partnerApp: 'gari' },
  { code: 'PRB1-DEM0-9T3C', kind: 'probes', setId: 'HS-9001', probes: probeSet('H9000', 3) },
  { code: 'PRB2-DEM0-5W6E', kind: 'probes', setId: 'HS-9002', probes: probeSet('H9001', 3) },
  { code: 'PRB3-DEM0-8N2A', kind: 'probes', setId: 'GS-9001', probes: probeSet('G9000', 4) },
];

function probeSet(prefix: string, depths: number) {
  return [1, 2, 3, 4].map((n) => ({ sensor_id: `${prefix}${n}`, depths }));
}

/**
 * Adds the demo kits that are not in the store yet (by code), leaving activated ones activated. The
 * demo's seeding calls it at every start; it returns how many it added.
 */
export async function seedDemoKits(store: Store, nowS: number): Promise<number> {
  const repo = new ActivationRepository(store.db);
  return repo.insertIfAbsent(
    DEMO_KITS.map((k): NewKit => ({
      kind: k.kind,
      code_hash: kitCodeHash(k.code),
      code: k.code,
      bs_id: k.bsId ?? null,
      set_id: k.setId ?? null,
      probes: JSON.stringify(k.probes ?? []),
      credential_hash: k.kind === 'system' ? issueStationSecret().hash : null,
      partner_app: k.partnerApp ?? null,
      created_ts: nowS,
    })),
  );
}
