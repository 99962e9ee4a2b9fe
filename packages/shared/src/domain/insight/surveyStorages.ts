import type { SurveyStorage } from './surveyAnswers.js';

/**
 * Spec doc 1 §4 "The storages count adjusts the list: new empty ones appended, or removal from the
 * end". A new storage is named "Storage {n}" (§3) with n its place, and has no type yet.
 */
export function resizeSurveyStorages(
  storages: readonly SurveyStorage[],
  count: number,
  defaultName: (n: number) => string,
): SurveyStorage[] {
  if (count <= storages.length) return storages.slice(0, Math.max(0, count));
  const next = [...storages];
  for (let n = storages.length + 1; n <= count; n++) {
    const id = Math.max(0, ...next.map((s) => s.id)) + 1;
    next.push({ id, name: defaultName(n), type: null, capacity: 0, size: null, undefinedLayoutType: true });
  }
  return next;
}
