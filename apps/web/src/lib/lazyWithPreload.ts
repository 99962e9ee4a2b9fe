import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

type Module<T extends AnyComponent> = { default: T };

/** A component loaded on demand that can also be fetched before it is drawn. */
export type Preloadable<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Starts fetching the component's code; never rejects (drawing it reports a failure). */
  preload: () => Promise<unknown>;
};

/** A page of the logged-in app (lib/pageDefinition.ts). */
export type LazyPage = Preloadable<ComponentType>;

/**
 * React.lazy with a preload (decision 0146): the shell fetches the page of the address the app
 * opened on while the session is being restored, instead of after it has drawn. A failed fetch is
 * forgotten, so that drawing the component tries again.
 */
export function lazyWithPreload<T extends AnyComponent>(load: () => Promise<Module<T>>): Preloadable<T> {
  let loading: Promise<Module<T>> | undefined;
  const fetchOnce = () => {
    loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
    return loading;
  };
  return Object.assign(lazy(fetchOnce), { preload: () => fetchOnce().catch(() => undefined) });
}

/** A page of the logged-in app, loaded on demand (lib/pageDefinition.ts). */
export const lazyPage = (load: () => Promise<Module<ComponentType>>): LazyPage => lazyWithPreload(load);
