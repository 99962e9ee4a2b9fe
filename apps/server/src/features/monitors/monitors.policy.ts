import { invalid, type Verdict, type Who } from '../../http/access/index.js';

/**
 * What only staff do with monitors (spec doc 3 §6): demoType marks staff's demo monitors, and nobody
 * else sets it. Who may change monitors at all is the shared change rule (mayChange: editMonitor).
 * Pure; its table is apps/server/test/policies/monitors.policy.test.ts.
 */
export function maySaveDemoMonitor(who: Who): Verdict {
  return who.staff !== null ? true : invalid('Only administrators save demo monitors.', 'item.demoType');
}
