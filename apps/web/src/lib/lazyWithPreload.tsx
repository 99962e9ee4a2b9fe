import { lazy, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { drawingOnServer, noteDrawnPart } from './renderContext';

// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

type Module<T extends AnyComponent> = { default: T };

/** A component loaded on demand that can also be fetched before it is drawn. */
export type Preloadable<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  /** Starts fetching the component's code; never rejects (drawing it reports a failure). */
  preload: () => Promise<unknown>;
  /** Whether its code is here, so that drawing it draws it at once. */
  isLoaded: () => boolean;
};

/** A page of the logged-in app (lib/pageDefinition.ts). */
export type LazyPage = Preloadable<ComponentType>;

/**
 * React.lazy with a preload (decision 0146): the shell fetches the page of the address the app
 * opened on while the session is being restored, instead of after it has drawn. A failed fetch is
 * forgotten, so that drawing the component tries again.
 *
 * A component whose code is here when it is first drawn is drawn at once, not through React.lazy, which
 * suspends once even for code already loaded: a page the server drew (decision 0174) is taken over with
 * its code loaded, in one pass, with no part left waiting that an update could make React drop for its
 * fallback. Chosen once per mount, so a component never changes type under its state.
 */
export function lazyWithPreload<T extends AnyComponent>(
  load: () => Promise<Module<T>>,
  /** A part inside a page: its name, by which a page the server drew asks for its code (drawnPart). */
  part?: string,
): Preloadable<T> {
  let loading: Promise<Module<T>> | undefined;
  let loaded: Module<T> | undefined;
  const fetchOnce = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    );
    return loading;
  };
  const Lazy = lazy(fetchOnce);
  function Preloaded(props: ComponentProps<T>) {
    if (part !== undefined) noteDrawnPart(part);
    const [here] = useState(() => loaded);
    const Component = (here?.default ?? Lazy) as AnyComponent;
    return <Component {...props} />;
  }
  const component = Object.assign(Preloaded, {
    preload: () => fetchOnce().catch(() => undefined),
    isLoaded: () => loaded !== undefined,
  });
  // The module evaluated again (a hot reload in development) replaces its part.
  if (part !== undefined) parts.set(part, component as Preloadable<AnyComponent>);
  return component;
}

/** The parts inside pages, by name (lazyWithPreload's `part`): those whose modules have loaded. */
const parts = new Map<string, Preloadable<AnyComponent>>();

/**
 * A part inside a page with code of its own (a tab's chart, the admin bar): fetched when first drawn,
 * and when a page the server drew has it, before the browser takes that page over (decision 0174) —
 * a part taken over without its code would wait, and an update reaching it meanwhile (a push) would
 * make React drop it for its fallback and draw it anew.
 */
export const drawnPart = <T extends AnyComponent>(
  name: string,
  load: () => Promise<Module<T>>,
): Preloadable<T> => lazyWithPreload(load, name);

/**
 * Fetches the code of the parts a page the server drew has (its state names them; renderContext's
 * noteDrawnPart), of those whose modules have loaded — the shell's and the page's, loaded first. A name
 * this build does not know is passed over; a failed fetch too (drawing the part tries again).
 */
export async function preloadDrawnParts(names: readonly string[]): Promise<void> {
  await Promise.all(names.map((name) => parts.get(name)?.preload() ?? Promise.resolve()));
}

/**
 * Whether `component`'s code is here, fetching it when `wanted`: a part that must not appear after what
 * is drawn below it (the admin bar above the page: a tap aimed at the page would land on it) is waited
 * for before that is drawn (decision 0181). True once the fetch has ended, loaded or not: a failed fetch
 * leaves the part to its loading boundary, which tries again, rather than keep the whole frame waiting.
 */
export function useCodeHere(component: Preloadable<AnyComponent>, wanted: boolean): boolean {
  const [fetchEnded, setFetchEnded] = useState(false);
  // The server's render waits for a lazy part by itself, and runs no effect that would fetch it.
  const here = !wanted || drawingOnServer() || component.isLoaded() || fetchEnded;
  useEffect(() => {
    if (here) return;
    let current = true;
    void component.preload().then(() => {
      if (current) setFetchEnded(true);
    });
    return () => {
      current = false;
    };
  }, [component, here]);
  return here;
}

/** A page of the logged-in app, loaded on demand (lib/pageDefinition.ts). */
export const lazyPage = (load: () => Promise<Module<ComponentType>>): LazyPage => lazyWithPreload(load);
