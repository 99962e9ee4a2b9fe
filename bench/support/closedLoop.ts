/**
 * A closed-loop load generator: `concurrency` workers each send one request, wait for its answer and
 * send the next, until the deadline. It knows nothing of the product it drives — `send` does — so two
 * products measured with it see exactly the same pattern of load.
 */

export interface SendOutcome {
  ok: boolean;
  /** Readings the answer says were stored (0 when !ok). */
  readings: number;
  /** Why it failed, e.g. the status and the start of the answer. */
  error?: string;
}

export interface LoopResult {
  requests: number;
  readings: number;
  errors: number;
  /** Wall-clock seconds from the first request to the last answer. */
  seconds: number;
  /** Milliseconds per successful request, in completion order. */
  latencies: number[];
  firstError: string | undefined;
}

export interface LoopOptions {
  concurrency: number;
  seconds: number;
  /** Numbers requests across calls, so that a measured window continues where the warm-up stopped. */
  nextIndex: { value: number };
  /** Stops once this many requests (counted by nextIndex) have been sent, before the deadline if need be. */
  maxIndex?: number;
  send: (index: number) => Promise<SendOutcome>;
  /** Stops the loop early (e.g. the server process died). */
  alive: () => boolean;
}

/** Gives up after this many failed requests when they outnumber the successful ones. */
const MAX_ERRORS = 200;

export async function closedLoop(opts: LoopOptions): Promise<LoopResult> {
  const result: LoopResult = {
    requests: 0,
    readings: 0,
    errors: 0,
    seconds: 0,
    latencies: [],
    firstError: undefined,
  };
  const began = performance.now();
  const deadline = began + opts.seconds * 1000;
  let stop = false;

  async function worker(): Promise<void> {
    while (!stop && performance.now() < deadline && opts.nextIndex.value < (opts.maxIndex ?? Infinity)) {
      const index = opts.nextIndex.value++;
      const t0 = performance.now();
      let outcome: SendOutcome;
      try {
        outcome = await opts.send(index);
      } catch (err) {
        outcome = { ok: false, readings: 0 };
        result.firstError ??= err instanceof Error ? err.message : String(err);
      }
      result.requests++;
      if (outcome.ok) {
        result.latencies.push(performance.now() - t0);
        result.readings += outcome.readings;
      } else {
        result.errors++;
        result.firstError ??= outcome.error ?? 'the server refused a packet';
        if (result.errors > MAX_ERRORS && result.errors > result.requests - result.errors) stop = true;
      }
      if (!opts.alive()) {
        stop = true;
        result.firstError ??= 'the server process exited';
      }
    }
  }

  await Promise.all(Array.from({ length: opts.concurrency }, () => worker()));
  result.seconds = (performance.now() - began) / 1000;
  return result;
}
