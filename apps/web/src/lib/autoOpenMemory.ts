import type { AutoOpenMemory } from './autoOpenDecision';

/**
 * Session storage: which windows that open by itself have opened or been closed in this tab session
 * (decision 0077). Session storage survives reloads and page changes in the tab and ends with it; the
 * record names the account, so another login in the same tab starts with nothing remembered.
 */
export const AUTO_OPEN_MEMORY_KEY = 'emberwatch.autoOpen';

interface Stored {
  uid: number;
  windows: Record<string, 'opened' | 'closed'>;
}

function read(): Stored | null {
  try {
    const raw = sessionStorage.getItem(AUTO_OPEN_MEMORY_KEY);
    const parsed = raw === null ? null : (JSON.parse(raw) as Partial<Stored> | null);
    if (!parsed || typeof parsed.uid !== 'number' || typeof parsed.windows !== 'object' || !parsed.windows)
      return null;
    return { uid: parsed.uid, windows: parsed.windows };
  } catch {
    return null;
  }
}

/** What this session remembers of window `name` for account `uid`. */
export function readAutoOpenMemory(uid: number, name: string): AutoOpenMemory {
  const stored = read();
  if (!stored || stored.uid !== uid) return 'none';
  const state = stored.windows[name];
  return state === 'opened' || state === 'closed' ? state : 'none';
}

/** Remembers that window `name` opened by itself, or was closed; a close is never undone by an open. */
export function rememberAutoOpen(uid: number, name: string, state: 'opened' | 'closed'): void {
  const stored = read();
  const windows = stored && stored.uid === uid ? { ...stored.windows } : {};
  if (state === 'opened' && windows[name] === 'closed') return;
  windows[name] = state;
  try {
    sessionStorage.setItem(AUTO_OPEN_MEMORY_KEY, JSON.stringify({ uid, windows } satisfies Stored));
  } catch {
    // Storage refused (private mode): the window may open again on the next page, nothing worse.
  }
}
