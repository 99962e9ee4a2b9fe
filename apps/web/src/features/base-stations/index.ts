// The base-stations feature's public surface: the station list, the selected station, and the
// selector and tabs the shell's top bar shows.
export {
  basestationsQuery,
  bsConfQuery,
  stationDataQuery,
  useBasestations,
  useBsConf,
  useBsConfs,
  useStationData,
  useStationDatas,
} from './stationQueries';
export {
  SelectedStationProvider,
  useSelectedStation,
  type SelectedStationValue,
} from './SelectedStationProvider';
export { BaseStationSelector } from './BaseStationSelector';
export { ACTING_FOR_KEY, setActingFor, useActingFor, useActingForStored, type ActingFor } from './actingFor';
export { BaseStationTabs } from './BaseStationTabs';
