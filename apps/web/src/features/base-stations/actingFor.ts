import { useSyncExternalStore } from 'react';
import { ACTING_FOR_KEY } from '@emberwatch/shared/contracts/drawnPage';

/**
 * The customer an admin works for (decision 0088): the account of the station picked in the admin
 * bar. While it is set the app shows that account's stations, as the customer sees them, and every
 * call names its UID (spec doc 2 §6 "acts for customers by adding the customer's UID"). Kept in session
 * storage: a reload keeps it, another tab starts in the console, and closing the tab forgets it.
 */
export interface ActingFor {
  /** The admin it was chosen by: another login in this tab does not inherit it. */
  adminUid: number;
  /** The customer's account (its main user). */
  uid: number;
  username: string;
  name: string | null;
  /** The station picked. */
  bsId: string;
}

// The key is the drawn page's script's too (it keeps a page drawn for the admin's own view from showing).
export { ACTING_FOR_KEY };

/** A stored choice, if it is whole; anything else is no choice. */
export function parseActingFor(raw: string | null): ActingFor | null {
  if (raw === null) return null;
  try {
    const p = JSON.parse(raw) as Partial<ActingFor>;
    const ok =
      typeof p.adminUid === 'number' &&
      typeof p.uid === 'number' &&
      Number.isInteger(p.uid) &&
      p.uid > 0 &&
      typeof p.username === 'string' &&
      (p.name === null || typeof p.name === 'string') &&
      typeof p.bsId === 'string' &&
      p.bsId !== '';
    return ok ? (p as ActingFor) : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ActingFor | null } = { raw: null, value: null };

function read(): ActingFor | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(ACTING_FOR_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cached.raw) cached = { raw, value: parseActingFor(raw) };
  return cached.value;
}

/** Starts (or, with null, ends) working for a customer. */
export function setActingFor(choice: ActingFor | null): void {
  try {
    if (choice) sessionStorage.setItem(ACTING_FOR_KEY, JSON.stringify(choice));
    else sessionStorage.removeItem(ACTING_FOR_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts as long as this page.
    cached = { raw: null, value: choice };
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The customer this admin works for in this tab, if any (null for everyone who is not that admin). */
export function useActingFor(admin: { UID: number; admin: boolean } | undefined): ActingFor | null {
  const choice = useSyncExternalStore(subscribe, read, () => null);
  return choice && admin?.admin && choice.adminUid === admin.UID ? choice : null;
}

/**
 * Whether a customer an admin works for is stored in this tab at all: only then can the session
 * info change whose stations are shown. Without one they are the account's own, and the shell reads
 * them beside the session info instead of after it (decision 0146). Outside React: the start's prefetch.
 */
export function actingForStored(): boolean {
  return read() !== null;
}

/** actingForStored, for a component (drawn again when the choice changes). */
export function useActingForStored(): boolean {
  return useSyncExternalStore(subscribe, read, () => null) !== null;
}
