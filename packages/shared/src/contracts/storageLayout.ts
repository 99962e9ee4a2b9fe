import { z } from 'zod';
import { sensorIdSchema } from './ingest.js';

/**
 * The layout shapes of a storage (spec doc 3 §3 Storage.sensor_layout, Stack, Bale,
 * Storage.layout_prefs) and the limits of §5 "Storages", §5 "Layout sliders" and §9 "Site and
 * storage layout". Rows, columns and floors count from 0; row and column −1 is the bin (§4
 * "Moving a probe to the bin sets row and column to -1").
 */

/** Spec doc 3 §4: a probe in the bin has row and column −1 (unplaced). */
export const BIN_POSITION = -1;

/** Spec doc 3 §5: rows at least 1, at most 10 (15 for plan segment 15). */
export const LAYOUT_ROWS_MIN = 1;
export const LAYOUT_ROWS_MAX = 10;
export const LAYOUT_ROWS_MAX_SEGMENT_15 = 15;
/** Spec doc 3 §5: columns at least 1, at most 20 (30 for plan segment 15). */
export const LAYOUT_COLUMNS_MIN = 1;
export const LAYOUT_COLUMNS_MAX = 20;
export const LAYOUT_COLUMNS_MAX_SEGMENT_15 = 30;
/** The plan segment with the larger row and column limits (spec doc 3 §5). */
export const LARGE_LAYOUT_SEGMENT = 15;
/** Spec doc 3 §5: floors 1–10. */
export const LAYOUT_FLOORS_MIN = 1;
export const LAYOUT_FLOORS_MAX = 10;
/** Spec doc 3 §5: pile height 1–10, default 4. */
export const PILE_HEIGHT_MIN = 1;
export const PILE_HEIGHT_MAX = 10;
export const PILE_HEIGHT_DEFAULT = 4;
/** Spec doc 3 §9: at most 10 stacks. */
export const STACKS_MAX = 10;

/** Spec doc 3 §4 "Default layout otherwise: 3 rows of length 3". */
export const DEFAULT_LAYOUT_ROWS = 3;
export const DEFAULT_LAYOUT_ROW_LENGTH = 3;
/** Spec doc 3 §4 and §9: the auto-created stack is 6 columns × 3 rows, height 4. */
export const DEFAULT_STACK_COLUMNS = 6;
export const DEFAULT_STACK_ROWS = 3;
export const DEFAULT_STACK_HEIGHT = PILE_HEIGHT_DEFAULT;

/** Spec doc 3 §5 "Layout sliders": angle 0 to 60 (40 for stacks), step 5. */
export const LAYOUT_ANGLE_MIN = 0;
export const LAYOUT_ANGLE_MAX = 60;
export const LAYOUT_ANGLE_MAX_STACKS = 40;
export const LAYOUT_ANGLE_STEP = 5;
/** Spec doc 3 §5: cell size from 35 (25 for stacks) to 80, step 2. */
export const LAYOUT_CELL_SIZE_MIN = 35;
export const LAYOUT_CELL_SIZE_MIN_STACKS = 25;
export const LAYOUT_CELL_SIZE_MAX = 80;
export const LAYOUT_CELL_SIZE_STEP = 2;
/** Spec doc 3 §5: spacing 0–100, step 2, disabled with 1 layer. */
export const LAYOUT_SPACING_MIN = 0;
export const LAYOUT_SPACING_MAX = 100;
export const LAYOUT_SPACING_STEP = 2;
/** Spec doc 3 §9: the cell width while editing, 45 (40 for stacks). */
export const LAYOUT_EDIT_CELL_WIDTH = 45;
export const LAYOUT_EDIT_CELL_WIDTH_STACKS = 40;

/** A row or column position: 0-based, or −1 for the bin. */
const cellIndexSchema = (max: number) =>
  z
    .int()
    .min(BIN_POSITION)
    .max(max - 1);

/** One probe's place in a layout or stack: {id,row,column,floor} (spec doc 3 §3). */
export const layoutSensorSchema = z.strictObject({
  id: sensorIdSchema,
  row: cellIndexSchema(LAYOUT_ROWS_MAX_SEGMENT_15),
  column: cellIndexSchema(LAYOUT_COLUMNS_MAX_SEGMENT_15),
  floor: z
    .int()
    .min(0)
    .max(LAYOUT_FLOORS_MAX - 1),
});
export type LayoutSensor = z.infer<typeof layoutSensorSchema>;

/** One row of a 2D/3D layout: its 0-based index and its length in cells. */
export const layoutRowSchema = z.strictObject({
  index: z
    .int()
    .min(0)
    .max(LAYOUT_ROWS_MAX_SEGMENT_15 - 1),
  rowLength: z.int().min(LAYOUT_COLUMNS_MIN).max(LAYOUT_COLUMNS_MAX_SEGMENT_15),
});
export type LayoutRow = z.infer<typeof layoutRowSchema>;

/** Spec doc 3 §3 Storage.sensor_layout: {rows [{index,rowLength}], floors, sensors}. */
export const sensorLayoutSchema = z.strictObject({
  rows: z.array(layoutRowSchema).min(LAYOUT_ROWS_MIN).max(LAYOUT_ROWS_MAX_SEGMENT_15),
  floors: z.int().min(LAYOUT_FLOORS_MIN).max(LAYOUT_FLOORS_MAX),
  sensors: z.array(layoutSensorSchema).max(1000),
});
export type SensorLayout = z.infer<typeof sensorLayoutSchema>;

/** Spec doc 3 §3 Stack.piles [c,r,h]: a pile of h bales at column c, row r. */
export const pileSchema = z.strictObject({
  c: z
    .int()
    .min(0)
    .max(LAYOUT_COLUMNS_MAX_SEGMENT_15 - 1),
  r: z
    .int()
    .min(0)
    .max(LAYOUT_ROWS_MAX_SEGMENT_15 - 1),
  h: z.int().min(PILE_HEIGHT_MIN).max(PILE_HEIGHT_MAX),
});
export type Pile = z.infer<typeof pileSchema>;

/** Spec doc 3 §3 Stack: index, nRows, nColumns, color, sensors, piles. */
export const stackSchema = z.strictObject({
  index: z
    .int()
    .min(0)
    .max(STACKS_MAX - 1),
  nRows: z.int().min(LAYOUT_ROWS_MIN).max(LAYOUT_ROWS_MAX_SEGMENT_15),
  nColumns: z.int().min(LAYOUT_COLUMNS_MIN).max(LAYOUT_COLUMNS_MAX_SEGMENT_15),
  color: z.string().max(32),
  sensors: z.array(layoutSensorSchema).max(1000),
  piles: z.array(pileSchema).max(LAYOUT_ROWS_MAX_SEGMENT_15 * LAYOUT_COLUMNS_MAX_SEGMENT_15),
});
export type Stack = z.infer<typeof stackSchema>;

/** Spec doc 3 §3 Storage.stacks: at most 10 (§9). */
export const stacksSchema = z.array(stackSchema).max(STACKS_MAX);

/** Spec doc 3 §3 Bale: a probe's place in a stack by row r, column c and floor f. */
export const baleSchema = z.strictObject({
  id: sensorIdSchema,
  r: z
    .int()
    .min(0)
    .max(LAYOUT_ROWS_MAX_SEGMENT_15 - 1),
  c: z
    .int()
    .min(0)
    .max(LAYOUT_COLUMNS_MAX_SEGMENT_15 - 1),
  f: z
    .int()
    .min(0)
    .max(PILE_HEIGHT_MAX - 1),
});
export type Bale = z.infer<typeof baleSchema>;

/** Spec doc 3 §3 Storage.layout_prefs, within the §5 slider limits. */
export const layoutPrefsSchema = z.strictObject({
  angleDefault: z.int().min(LAYOUT_ANGLE_MIN).max(LAYOUT_ANGLE_MAX),
  sizeDefault: z.int().min(LAYOUT_CELL_SIZE_MIN_STACKS).max(LAYOUT_CELL_SIZE_MAX),
  spaceDefault: z.int().min(LAYOUT_SPACING_MIN).max(LAYOUT_SPACING_MAX),
});
export type LayoutPrefs = z.infer<typeof layoutPrefsSchema>;
