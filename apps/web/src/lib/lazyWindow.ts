import type { ComponentType } from 'react';
import { lazyWithPreload, type Preloadable } from './lazyWithPreload';
import { inSlices } from './yieldToBrowser';

// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

const windows: Preloadable<AnyComponent>[] = [];

/**
 * A window the logged-in shell may open (a dialog behind a top-bar button, one that opens by itself):
 * its code is not in the shell's file, which a phone downloads and evaluates before the first page
 * shows (decision 0159), but fetched with the rest once the page has settled (`preloadWindows`), so
 * that it opens at once when asked for. Drawn inside `<Suspense fallback={null}>` where it is used:
 * nothing shows until its code is here, never the shell's own loading state.
 */
export function lazyWindow<T extends AnyComponent>(load: () => Promise<{ default: T }>): Preloadable<T> {
  const component = lazyWithPreload(load);
  windows.push(component as Preloadable<AnyComponent>);
  return component;
}

/**
 * Fetches every window's code (the shell calls it once the page's own work is done), a few windows at a
 * time between the browser's other work (inSlices): each asks the module loader for its files, and all
 * of them at once was one task of about 80 ms here (some 300 ms on a phone).
 */
export function preloadWindows(): Promise<void> {
  return inSlices(windows, (component) => void component.preload());
}
