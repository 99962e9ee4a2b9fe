import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FeatureList } from '../src/kernel/FeatureList.js';
import { defineFeature } from '../src/kernel/FeatureModule.js';
import { EventBus } from '../src/realtime/EventBus.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const FEATURES_DIR = join(import.meta.dirname, '../src/features');

/** Every `.ts` file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The bus events the features' code emits or subscribes to, by name, with where. */
function busEventsInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources(FEATURES_DIR)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bbus\.(?:emit|on)\(\s*'(\w+)'/g)) found.set(m[1]!, file);
    // A module's `events: { name: handler, … }`, on one line or several: its keys at the block's depth.
    for (const start of text.matchAll(/\bevents:\s*\{/g)) {
      let depth = 0;
      let key = '';
      for (let i = start.index + start[0].length - 1; i < text.length; i++) {
        const c = text[i]!;
        if ('{(['.includes(c)) depth++;
        else if ('})]'.includes(c) && --depth === 0) break;
        else if (depth === 1 && /\w/.test(c)) {
          key += c;
          continue;
        } else if (depth === 1 && c === ':' && key) found.set(key, file);
        key = '';
      }
    }
  }
  return found;
}

describe('live events: every bus event is declared by one feature', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('declares every event the features emit or subscribe to', () => {
    const declared = new Set(t.kernel.bus.events().map((e) => e.name as string));
    const used = busEventsInSource();
    // The scan itself works: it finds the events the readings feature subscribes to on several lines.
    expect([...used.keys()]).toEqual(expect.arrayContaining(['newData', 'alertsChanged', 'probesMoved']));
    const undeclared = [...used].filter(([name]) => !declared.has(name)).map(([n, f]) => `${n} (${f})`);
    expect(undeclared).toEqual([]);
  });

  it('pushes messages that pass the shared contract they name', () => {
    const pushed = t.kernel.bus.events().filter((e) => e.spec.push);
    expect(pushed.map((e) => e.name).sort()).toEqual(['alertsChanged', 'fanStatusChanged', 'newData']);
    for (const { spec } of pushed) {
      const push = spec.push!;
      const sample = { bsIds: ['F1'], ownerIds: [1], fcIds: ['FC1'] };
      const message = push.to === 'stations' ? push.message(['F1'], sample) : push.message(sample);
      expect(push.contract.safeParse(message).success).toBe(true);
    }
  });
});

describe('the event bus', () => {
  const newData = { payload: z.object({ bsIds: z.array(z.string()) }) };

  it('refuses to emit or subscribe to an event no feature declares', () => {
    const bus = new EventBus();
    expect(() => bus.emit('newData', { bsIds: ['F1'] })).toThrow(/not declared/);
    expect(() => bus.on('alertsChanged', () => undefined)).toThrow(/not declared/);
    bus.declare('readings', { newData });
    const seen: string[][] = [];
    bus.on('newData', (e) => seen.push(e.bsIds));
    bus.emit('newData', { bsIds: ['F1'] });
    expect(seen).toEqual([['F1']]);
  });

  it('refuses an event two features declare', () => {
    const bus = new EventBus();
    bus.declare('readings', { newData });
    expect(() => bus.declare('ingest', { newData })).toThrow(/readings and ingest/);
  });
});

describe('the feature list', () => {
  const module = (name: string, exports: object) => defineFeature({ name, exports });

  it('forwards a port to a feature added later, and refuses a call before it is added', () => {
    const list = new FeatureList();
    const later = list.ports<{ fans: { idsOf: (id: number) => string[] } }>('fans');
    const idsOf = later.fans.idsOf;
    expect(() => idsOf(1)).toThrow(/before the fans feature was built/);
    list.add(module('fans', { idsOf: (id: number) => [`FC${id}`] }));
    expect(idsOf(7)).toEqual(['FC7']);
    expect(list.modules().map((m) => m.name)).toEqual(['fans']);
  });

  it('refuses a list whose port names a feature never added, or a feature added twice', () => {
    const list = new FeatureList();
    list.ports<{ delivery: { sendCode: () => void } }>('delivery');
    list.add(module('users', {}));
    expect(() => list.modules()).toThrow(/never listed: delivery/);
    expect(() => list.add(module('users', {}))).toThrow(/listed twice/);
  });
});
