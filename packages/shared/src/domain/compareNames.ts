/**
 * Names in the order a person expects: "Probe 2" before "Probe 10", case and accents aside. Every list
 * sorted by name (probes, storages, sites, vacant probes) uses this one order.
 */

let collator: Intl.Collator | null = null;

/**
 * Made on first use, not on import: the first collator loads the collation data, tens of milliseconds
 * on a phone, and the probe list ranks by temperature and may never compare two names.
 */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}
