import type { StationCallKind } from '@emberwatch/shared/domain/stationTraffic';
import type { TranslationKey } from '../../i18n/translationKey';

/** Each kind of call's name, and its colour in the traffic chart. */
export const CALL_KIND_LABELS: Record<StationCallKind, TranslationKey> = {
  boot: 'stationLogs.kinds.boot',
  conf: 'stationLogs.kinds.conf',
  ota: 'stationLogs.kinds.ota',
  data: 'stationLogs.kinds.data',
  beat: 'stationLogs.kinds.beat',
  other: 'stationLogs.kinds.other',
};

export const CALL_KIND_COLOURS: Record<Exclude<StationCallKind, 'other'>, string> = {
  boot: '#7b1fa2',
  conf: '#ef6c00',
  ota: '#c62828',
  data: '#2e7d32',
  beat: '#78909c',
};
