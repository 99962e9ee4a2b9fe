import type { FeatureModule } from './FeatureModule.js';

type Fn = (...args: never[]) => unknown;
/** The callable exports of a feature: what another feature may reach before it is built. */
type Callables<E> = { readonly [K in keyof E as E[K] extends Fn ? K : never]: E[K] };

/**
 * The server's features in mount order, built once (decision 0085): `add` puts a built module on the
 * list and hands it back, so a feature is one line of features.ts.
 *
 * A feature that calls one built further down the list (the cycles: users and the fans' ids, account
 * and the delivery outbox, …) gets a port instead of a closure over a later `const`: `ports()` names
 * the features it waits for; `ports.fans.controllerIdsOf` is a function that forwards to the fans
 * module's export once `add` has put fans on the list. Calling a port early throws, and so does
 * `modules()` while a named port was never added: the wiring is checked where it is written, not at
 * the first request.
 */
export class FeatureList {
  private readonly list: FeatureModule<object>[] = [];
  private readonly bound = new Map<string, object>();
  private readonly waiting = new Set<string>();

  add<E extends object>(module: FeatureModule<E>): FeatureModule<E> {
    if (this.list.some((m) => m.name === module.name))
      throw new Error(`feature ${module.name} is listed twice`);
    this.list.push(module);
    this.bound.set(module.name, module.exports);
    this.waiting.delete(module.name);
    return module;
  }

  /**
   * Ports to features built later in the list, by feature name: each is the feature's callable
   * exports, forwarded once it is added.
   */
  ports<P extends Record<string, object>>(
    ...names: (keyof P & string)[]
  ): { [N in keyof P]: Callables<P[N]> } {
    const ports: Record<string, object> = {};
    for (const name of names) {
      if (!this.bound.has(name)) this.waiting.add(name);
      ports[name] = new Proxy(
        {},
        {
          get: (_target, key) => {
            if (typeof key !== 'string') return undefined;
            return (...args: unknown[]) => {
              const exports = this.bound.get(name) as Record<string, unknown> | undefined;
              if (!exports) throw new Error(`${name}.${key} was called before the ${name} feature was built`);
              const fn = exports[key];
              if (typeof fn !== 'function') throw new Error(`the ${name} feature exports no function ${key}`);
              return (fn as (...a: unknown[]) => unknown).apply(exports, args);
            };
          },
        },
      );
    }
    return ports as { [N in keyof P]: Callables<P[N]> };
  }

  /** The modules in mount order; refuses a list whose ports name a feature never added. */
  modules(): FeatureModule<object>[] {
    if (this.waiting.size > 0)
      throw new Error(`ports to features never listed: ${[...this.waiting].join(', ')}`);
    return [...this.list];
  }
}
