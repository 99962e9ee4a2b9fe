import { useSyncExternalStore } from 'react';
import { DEMO_TYPES, type DemoType } from '@emberwatch/shared/domain/demoSwitch';

/**
 * The demo type chosen in this browser session (decision 0058): kept in session storage, so a reload
 * keeps it and closing the tab or logging out forgets it (spec doc 1 §4 "Logout resets … demo").
 * `at` is when it was chosen, in epoch seconds: the HAY service starts then.
 */
export interface DemoChoice {
  /** The account it was chosen for: another login in this tab does not inherit it. */
  uid: number;
  type: DemoType;
  at: number;
}

export const DEMO_CHOICE_KEY = 'emberwatch.demoType';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: DemoChoice | null } = { raw: null, value: null };

function read(): DemoChoice | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(DEMO_CHOICE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cached.raw) return cached.value;
  let value: DemoChoice | null = null;
  try {
    const parsed = raw === null ? null : (JSON.parse(raw) as Partial<DemoChoice>);
    if (
      parsed &&
      DEMO_TYPES.includes(parsed.type as DemoType) &&
      typeof parsed.at === 'number' &&
      Number.isFinite(parsed.at) &&
      typeof parsed.uid === 'number'
    )
      value = { uid: parsed.uid, type: parsed.type as DemoType, at: parsed.at };
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function setDemoChoice(choice: DemoChoice | null): void {
  try {
    if (choice) sessionStorage.setItem(DEMO_CHOICE_KEY, JSON.stringify(choice));
    else sessionStorage.removeItem(DEMO_CHOICE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts as long as this page.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The demo type chosen for this account in this browser session, if any (outside React). */
export function demoChoiceOf(uid: number): DemoChoice | null {
  const choice = read();
  return choice && choice.uid === uid ? choice : null;
}

/** The demo type chosen for this account in this browser session, if any. */
export function useDemoChoice(uid: number | undefined): DemoChoice | null {
  const choice = useSyncExternalStore(subscribe, read, () => null);
  return choice && choice.uid === uid ? choice : null;
}
