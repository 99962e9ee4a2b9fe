import type { SensorConfiguration } from '@emberwatch/shared';

/**
 * A probe's configuration as bsConf sends it. Spec doc 2 §3 names aux probes (which cannot be
 * renamed); the configuration does not flag them yet, so the flag is optional.
 */
export interface ProbeConfiguration extends SensorConfiguration {
  isAux?: boolean;
}
