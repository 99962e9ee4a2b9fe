import type { SiteInput } from '@emberwatch/shared/contracts/sites';
import { depthOf } from '@emberwatch/shared/domain/sitePlan';
import { temperatureBand, type TemperatureBand } from '@emberwatch/shared/domain/temperatureBand';
import { TEMPERATURE_BAND_COLOURS } from '../probes';

/** Height of one storage floor in grid cells; a silo's floors are taller, as silos are. */
export const FLOOR_HEIGHT = 1;
export const SILO_FLOOR_HEIGHT = 1.5;
/** The colour of a storage whose style colour is unusable (empty or not #rrggbb). */
export const DEFAULT_STORAGE_COLOUR = '#a1887f';

/** One storage as drawn: a box (building) or a cylinder (silo) standing on the site. */
export interface SceneStorage {
  id: number;
  shape: 'building' | 'silo';
  name: string;
  /** Centre of the footprint on the ground (x across the columns, z across the rows), origin at the site's centre. */
  x: number;
  z: number;
  /** Width along x, depth along z (a silo's is its width), height up. */
  width: number;
  depth: number;
  height: number;
  /** #rrggbb: the temperature band's colour when the site shows colours and a temperature is known, else the style. */
  colour: string;
  /** The band the colour comes from; null when drawn in its style colour. */
  band: TemperatureBand | null;
  /** Storage temperature, tenths of °C (the hottest recent depth of its probes); null without one. */
  temperature: number | null;
  /** Name, and the temperature when known ("North barn 65.0 °C"). */
  label: string;
  /**
   * The label's colours: always the temperature band's when a temperature is known, whether or not
   * the body shows colours (a hot storage is seen before it is read); null without a temperature.
   */
  labelColours: { background: string; text: string } | null;
}

/** A site label floating at its elevation. */
export interface SceneLabel {
  id: string;
  text: string;
  x: number;
  y: number;
  z: number;
  colour: string;
}

export interface SiteSceneDescription {
  columns: number;
  rows: number;
  storages: SceneStorage[];
  labels: SceneLabel[];
}

export interface SiteSceneInput {
  site: Pick<SiteInput, 'columns' | 'rows' | 'showColors' | 'siteStorages' | 'labels'>;
  /** Names of the storages that exist; an entry without a storage is not drawn. */
  storageNames: ReadonlyMap<number, string>;
  /** Storage temperatures by storage id, tenths of °C. */
  temperatures: ReadonlyMap<number, number | null>;
  /** The user's colour steps, °C. */
  colorStepsC: readonly number[];
  /** The temperature as the user reads it ("65.0 °C", "149.0 °F"). */
  formatTemperature: (tenths: number) => string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const usableColour = (c: string, fallback: string) =>
  HEX.test(c.trim()) ? c.trim().toLowerCase() : fallback;

/**
 * What the 3D site plan draws (spec doc 3 §2 "Site view", §9 "Default site 20 columns by 15 rows"),
 * as plain data so the rules are tested without WebGL: every storage of the plan at its place and
 * size, coloured by its hottest recent probe through the user's colour steps when the site shows
 * colours, and the site's labels at their elevations. World units are grid cells.
 */
export function buildSiteScene(input: SiteSceneInput): SiteSceneDescription {
  const { site } = input;
  const halfW = site.columns / 2;
  const halfD = site.rows / 2;
  const storages: SceneStorage[] = [];
  for (const s of site.siteStorages) {
    const name = input.storageNames.get(s.id);
    if (name === undefined) continue;
    const depth = depthOf(s);
    const temperature = input.temperatures.get(s.id) ?? null;
    const temperatureBandOf = temperature === null ? null : temperatureBand(temperature, input.colorStepsC);
    const band = site.showColors ? temperatureBandOf : null;
    storages.push({
      id: s.id,
      shape: s.isSilo ? 'silo' : 'building',
      name,
      x: s.left + s.wid / 2 - halfW,
      z: s.top + depth / 2 - halfD,
      width: s.wid,
      depth,
      height: s.floors * (s.isSilo ? SILO_FLOOR_HEIGHT : FLOOR_HEIGHT),
      colour:
        band === null ? usableColour(s.color, DEFAULT_STORAGE_COLOUR) : TEMPERATURE_BAND_COLOURS[band].fill,
      band,
      temperature,
      label: temperature === null ? name : `${name} ${input.formatTemperature(temperature)}`,
      labelColours:
        temperatureBandOf === null
          ? null
          : {
              background: TEMPERATURE_BAND_COLOURS[temperatureBandOf].fill,
              text: TEMPERATURE_BAND_COLOURS[temperatureBandOf].onFill,
            },
    });
  }
  const labels = site.labels.map((l) => ({
    id: l.id,
    text: l.text,
    x: l.left - halfW,
    y: l.elevation,
    z: l.top - halfD,
    colour: usableColour(l.color, '#212121'),
  }));
  return { columns: site.columns, rows: site.rows, storages, labels };
}

/** The camera looks down at the site from this direction (up, towards the viewer), about 40° high. */
export const CAMERA_DIRECTION = { y: 0.9, z: 1.05 } as const;
export const CAMERA_FOV_DEG = 45;

/**
 * How far from the site's centre the camera stands so that the whole site is in view at this
 * aspect (width / height): its width across the view's width and its depth, as seen from the
 * camera's height, across the view's height, with a margin. A phone held upright needs the camera
 * much further back than a wide screen, or the storages at the ends are off the screen.
 */
export function cameraDistanceToFit(columns: number, rows: number, aspect: number): number {
  const margin = 1.15;
  const halfV = ((CAMERA_FOV_DEG / 2) * Math.PI) / 180;
  const halfH = Math.atan(Math.tan(halfV) * Math.max(aspect, 0.1));
  const elevation = Math.atan2(CAMERA_DIRECTION.y, CAMERA_DIRECTION.z);
  const forWidth = (columns * margin) / (2 * Math.tan(halfH));
  const forDepth = (rows * Math.sin(elevation) * margin) / (2 * Math.tan(halfV));
  return Math.max(forWidth, forDepth, 3);
}
