import { latencySummary, type keepAliveClient } from './benchServer.js';

const TICK_MS = 2;

export interface PacedRun {
  targetRate: number;
  achievedRate: number;
  sent: number;
  completed: number;
  errors: number;
  seconds: number;
  bytes: number;
  latencyMsP50: number;
  latencyMsP95: number;
  latencyMsP99: number;
  latencyMsMax: number;
}

/**
 * An open-loop load: GET requests paced on a timer at `rate` per second (a slow answer does not slow
 * the sender down) over the client's keep-alive connections; latency from send to the last byte.
 */
export async function paced(
  client: ReturnType<typeof keepAliveClient>,
  path: string,
  seconds: number,
  rate: number,
): Promise<PacedRun> {
  const latencies: number[] = [];
  let sent = 0;
  let completed = 0;
  let errors = 0;
  let bytes = 0;
  const began = performance.now();
  const inFlight = new Set<Promise<void>>();
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - began;
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        done();
        return;
      }
      // Send every request that is due by now: the rate holds even when a tick comes late.
      const due = Math.floor((elapsed / 1000) * rate);
      while (sent < due) {
        sent++;
        const p = client.get(path).then(
          (r) => {
            completed++;
            if (r.status !== 200) errors++;
            bytes = r.bytes;
            latencies.push(r.ms);
          },
          () => {
            completed++;
            errors++;
          },
        );
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
    }, TICK_MS);
  });
  await Promise.all(inFlight);
  const secondsTaken = (performance.now() - began) / 1000;
  const l = latencySummary(latencies);
  return {
    targetRate: rate,
    achievedRate: Math.round(completed / secondsTaken),
    sent,
    completed,
    errors,
    seconds: Math.round(secondsTaken * 10) / 10,
    bytes,
    latencyMsP50: l.p50,
    latencyMsP95: l.p95,
    latencyMsP99: l.p99,
    latencyMsMax: l.max,
  };
}
