import {
  DEFAULT_LAYOUT_ROW_LENGTH,
  DEFAULT_LAYOUT_ROWS,
  type SensorLayout,
} from '../../contracts/storageLayout.js';

/** Spec doc 3 §4 "Default layout otherwise: 3 rows of length 3" — one floor, no probes placed. */
export function defaultSensorLayout(): SensorLayout {
  return {
    rows: Array.from({ length: DEFAULT_LAYOUT_ROWS }, (_, index) => ({
      index,
      rowLength: DEFAULT_LAYOUT_ROW_LENGTH,
    })),
    floors: 1,
    sensors: [],
  };
}
