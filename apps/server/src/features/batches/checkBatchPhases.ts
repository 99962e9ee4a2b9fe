import type { BatchPhaseInput } from '@emberwatch/shared/contracts/batches';
import { ApiError } from '../../http/ApiError.js';

/** A clock a few seconds ahead of the server's is not "the future". */
const CLOCK_SLACK_S = 60;

/**
 * A batch's phases run one after another (decision 0049): a phase starts only once the one before
 * it has completed, and not before that; a phase completes only after it started; no date lies in
 * the future. A refusal is a 400 naming the phase, and nothing is saved.
 */
export function checkBatchPhases(phases: readonly BatchPhaseInput[], nowS: number): void {
  phases.forEach((p, i) => {
    const where = `batch.phases.${i}`;
    const name = `“${p.phase_name}”`;
    if (p.phase_start_date !== null && p.phase_start_date > nowS + CLOCK_SLACK_S)
      throw ApiError.invalid(`Phase ${name} cannot start in the future.`, `${where}.phase_start_date`);
    if (p.phase_completed_date !== null) {
      if (p.phase_start_date === null)
        throw ApiError.invalid(
          `Phase ${name} cannot complete before it starts.`,
          `${where}.phase_completed_date`,
        );
      if (p.phase_completed_date < p.phase_start_date)
        throw ApiError.invalid(
          `Phase ${name} cannot complete before it starts.`,
          `${where}.phase_completed_date`,
        );
      if (p.phase_completed_date > nowS + CLOCK_SLACK_S)
        throw ApiError.invalid(
          `Phase ${name} cannot complete in the future.`,
          `${where}.phase_completed_date`,
        );
    }
    const prev = phases[i - 1];
    if (prev && p.phase_start_date !== null) {
      if (prev.phase_completed_date === null)
        throw ApiError.invalid(
          `Phase ${name} can start only after “${prev.phase_name}” has completed.`,
          `${where}.phase_start_date`,
        );
      if (p.phase_start_date < prev.phase_completed_date)
        throw ApiError.invalid(
          `Phase ${name} cannot start before “${prev.phase_name}” completed.`,
          `${where}.phase_start_date`,
        );
    }
  });
}
