import type { SensorConfiguration } from '@emberwatch/shared/contracts/baseStations';
import type { DepthUnit } from '@emberwatch/shared/domain/depthUnits';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';

/**
 * A probe's configuration as bsConf sends it. Spec doc 2 §3 names aux probes (which cannot be
 * renamed); the configuration does not flag them yet, so the flag is optional.
 */
export interface ProbeConfiguration extends SensorConfiguration {
  isAux?: boolean;
}

/**
 * What the detail page gives each tab that reads the probe's history (History, Data, Regularity):
 * the probe and its station, the depths it reports, and the user's units and formats.
 */
export interface ProbeTabProps {
  bsId: string;
  sensorId: string;
  depths: number;
  /** False when the probe never reported (spec doc 2 §8 "No data yet"). */
  hasData: boolean;
  unit: DegreesUnit;
  depthUnit: DepthUnit;
  dateFormat: string;
  timeFormat: string;
}
