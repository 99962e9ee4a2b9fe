import { describe, expect, it } from 'vitest';
import type { ConnectionsRepository } from '../src/features/connections/connections.repository.js';
import { LiveConnectionsService } from '../src/features/connections/liveConnections.service.js';
import type { EventBus } from '../src/realtime/EventBus.js';
import type { LiveControl } from '../src/realtime/liveControl.js';

/** A reading the test answers by hand, so that it can answer the older one last. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the switches two loads read at once', () => {
  it('keeps the newer reading when the older one answers last', async () => {
    const readings: {
      muted: ReturnType<typeof deferred<{ user_id: number }[]>>;
      push: ReturnType<typeof deferred<string | undefined>>;
    }[] = [];
    const repo = {
      mutedUsers: () => {
        const muted = deferred<{ user_id: number }[]>();
        const push = deferred<string | undefined>();
        readings.push({ muted, push });
        return muted.promise;
      },
      setting: () => readings[readings.length - 1]!.push.promise,
    } as unknown as ConnectionsRepository;
    let muted = new Set<number>();
    let push = true;
    const live = {
      setMuted: (s: Set<number>) => (muted = s),
      setPushEnabled: (on: boolean) => (push = on),
    } as unknown as LiveControl;
    const service = new LiveConnectionsService(
      repo,
      () => live,
      {} as EventBus,
      () => 0,
    );

    const older = service.load(); // read before the push was switched off
    const newer = service.load(); // read after
    readings[1]!.muted.resolve([{ user_id: 7 }]);
    readings[1]!.push.resolve('off');
    await newer;
    readings[0]!.muted.resolve([{ user_id: 7 }]);
    readings[0]!.push.resolve('on');
    await older;

    expect([...muted]).toEqual([7]);
    expect(push).toBe(false);
  });
});
