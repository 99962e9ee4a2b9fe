import type { DeliveryPlanner } from './deliveryPlanner.js';
import type { DeliveryWorker } from './deliveryWorker.js';

/** Rounds one pump may run before it yields to the next timer tick (a long backlog is not one task). */
const MAX_ROUNDS = 200;

/**
 * Alerts one round plans before the worker is handed their messages: a burst of alerts starts going
 * out after the first few are worded, not after all of them (decision 0069).
 */
const PLAN_BATCH = 10;

/**
 * Runs the planner and the worker until nothing is due, one pump at a time: started by the jobs'
 * timer and, to send without waiting for it, shortly after an evaluation recorded alerts. A kick while
 * it runs makes it go round once more rather than start a second pump. The worker's sends go on after
 * the pump's rounds end, each channel by itself (idle() waits for them too).
 */
export class DeliveryPump {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly planner: DeliveryPlanner,
    private readonly worker: DeliveryWorker,
    private readonly onError: (err: unknown) => void,
  ) {}

  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when the current pump (if any) has finished and no send is in flight. */
  async idle(): Promise<void> {
    // A send's outcome may kick the pump again (a failure notice to send): idle only when neither runs.
    do {
      while (this.running) await this.running;
      await this.worker.idle();
    } while (this.running);
  }

  private async loop(): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      this.again = false;
      let work = 0;
      try {
        work += await this.planner.runOnce(PLAN_BATCH);
        work += await this.worker.runOnce();
      } catch (err) {
        this.onError(err);
        return;
      }
      if (work === 0 && !this.again) return;
    }
  }
}
