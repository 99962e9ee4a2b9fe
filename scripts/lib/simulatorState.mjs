// How much history the bundled simulator should backfill when `npm start` / `npm run dev` launch it.
//
// Choice: the first start backfills 60 days, so every chart and roll-up of the demo has something to
// show. Later starts backfill only the gap since the simulator last ran (rounded up to whole hours,
// at least one hour, at most 60 days), so the charts have no hole and restarting is quick. The time of
// the last run lives in $DATA_DIR/simulator-state.json, written every minute while the simulator runs.
// Readings are idempotent by probe and time on the server, so an overlap stores nothing twice.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const FIRST_BACKFILL_DAYS = 60;
const HOUR = 3_600;

function stateFile(dataDir) {
  return path.join(dataDir, 'simulator-state.json');
}

export function readLastRun(dataDir) {
  try {
    const state = JSON.parse(readFileSync(stateFile(dataDir), 'utf8'));
    return Number.isFinite(state.lastRunAt) ? state.lastRunAt : null;
  } catch {
    return null;
  }
}

export function writeLastRun(dataDir, epochSeconds = Math.floor(Date.now() / 1000)) {
  try {
    // Every file in the data folder is private to the server's user (decision 0075).
    writeFileSync(stateFile(dataDir), JSON.stringify({ lastRunAt: epochSeconds }) + '\n', { mode: 0o600 });
  } catch {
    // the data folder may be read-only or gone; the next start then backfills more, which is harmless
  }
}

/** Days to backfill (a multiple of 1/24) and a sentence saying why. */
export function backfillPlan(dataDir, nowSeconds = Math.floor(Date.now() / 1000)) {
  const lastRunAt = readLastRun(dataDir);
  if (lastRunAt === null) {
    return {
      days: FIRST_BACKFILL_DAYS,
      reason: `first start: backfilling ${FIRST_BACKFILL_DAYS} days of readings`,
    };
  }
  const gapHours = Math.min(
    FIRST_BACKFILL_DAYS * 24,
    Math.max(1, Math.ceil((nowSeconds - lastRunAt) / HOUR)),
  );
  const days = Number((gapHours / 24).toFixed(4));
  return { days, reason: `backfilling the ${gapHours} h since the simulator last ran` };
}

/**
 * Records "the simulator is running now" every minute until the returned function is called.
 * Nothing is written in the first minute, so a start interrupted during its first backfill is redone.
 */
export function keepLastRunFresh(dataDir) {
  let ticked = false;
  const timer = setInterval(() => {
    ticked = true;
    writeLastRun(dataDir);
  }, 60_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (ticked) writeLastRun(dataDir);
  };
}
