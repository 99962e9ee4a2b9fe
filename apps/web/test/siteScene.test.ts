import { describe, expect, it } from 'vitest';
import type { SiteInput, SiteStorage } from '@emberwatch/shared/contracts/sites';
import { emptySite } from '@emberwatch/shared/domain/sitePlan';
import {
  buildSiteScene,
  cameraDistanceToFit,
  CAMERA_DIRECTION,
  CAMERA_FOV_DEG,
  DEFAULT_STORAGE_COLOUR,
  type SiteSceneInput,
} from '../src/features/site-plan/siteScene';
import { TEMPERATURE_BAND_COLOURS } from '../src/features/probes';

const entry = (id: number, over: Partial<SiteStorage> = {}): SiteStorage => ({
  id,
  wid: 3,
  hei: 2,
  floors: 1,
  left: 0,
  top: 0,
  color: '#4caf50',
  isSilo: false,
  ...over,
});

function scene(site: Partial<SiteInput>, over: Partial<SiteSceneInput> = {}) {
  return buildSiteScene({
    site: { ...emptySite('F1'), ...site },
    storageNames: new Map([
      [1, 'North barn'],
      [2, 'Silo 1'],
    ]),
    temperatures: new Map([
      [1, 650],
      [2, null],
    ]),
    colorStepsC: [0, 40, 60, 80, 100],
    formatTemperature: (tenths) => `${(tenths / 10).toFixed(1)} °C`,
    ...over,
  });
}

describe('buildSiteScene: where and how big (grid cells, origin at the site centre)', () => {
  it.each([
    // entry → x, z, width, depth, height, shape (on the default 20 x 15 site)
    ['a 3 x 2 building at the corner', entry(1), -8.5, -6.5, 3, 2, 1, 'building'],
    ['three floors', entry(1, { floors: 3, left: 10, top: 5 }), 1.5, -1.5, 3, 2, 3, 'building'],
    ['the far corner', entry(1, { wid: 10, hei: 5, left: 10, top: 10 }), 5, 5, 10, 5, 1, 'building'],
    [
      'a silo is round: as deep as wide, taller floors',
      entry(2, { isSilo: true, wid: 4, hei: 1, floors: 2 }),
      -8,
      -5.5,
      4,
      4,
      3,
      'silo',
    ],
  ] as const)('%s', (_what, e, x, z, width, depth, height, shape) => {
    const [s] = scene({ siteStorages: [e] }).storages;
    expect(s).toMatchObject({ id: e.id, x, z, width, depth, height, shape });
  });

  it('keeps the site size and draws no entry without a storage', () => {
    const d = scene({ columns: 30, rows: 12, siteStorages: [entry(1), entry(9)] });
    expect(d.columns).toBe(30);
    expect(d.rows).toBe(12);
    expect(d.storages.map((s) => s.id)).toEqual([1]);
  });
});

describe('buildSiteScene: colours and labels', () => {
  it.each([
    // showColors, temperature (tenths °C), colour steps → colour, band
    [true, 650, [0, 40, 60, 80, 100], TEMPERATURE_BAND_COLOURS[3].fill, 3],
    [true, 120, [0, 40, 60, 80, 100], TEMPERATURE_BAND_COLOURS[1].fill, 1],
    [true, -250, [0, 40, 60, 80, 100], TEMPERATURE_BAND_COLOURS[0].fill, 0],
    // The user's own steps (the hay demo's 0/20/30/45/60): 65.0 is past the last.
    [true, 650, [0, 20, 30, 45, 60], TEMPERATURE_BAND_COLOURS[5].fill, 5],
    // Colours off, or no temperature: the storage's style colour.
    [false, 650, [0, 40, 60, 80, 100], '#4caf50', null],
    [true, null, [0, 40, 60, 80, 100], '#4caf50', null],
  ])(
    'colours %s, temperature %s, steps %j → %s (band %s)',
    (showColors, temperature, colorStepsC, colour, band) => {
      const [s] = scene(
        { showColors, siteStorages: [entry(1)] },
        { temperatures: new Map([[1, temperature]]), colorStepsC },
      ).storages;
      expect(s).toMatchObject({ colour, band, temperature });
    },
  );

  it.each([
    ['', DEFAULT_STORAGE_COLOUR],
    ['red', DEFAULT_STORAGE_COLOUR],
    [' #ABCDEF ', '#abcdef'],
  ])('an unusable style colour %j is drawn as %s', (color, colour) => {
    const d = scene({ showColors: false, siteStorages: [entry(1, { color })] });
    expect(d.storages[0]?.colour).toBe(colour);
  });

  it('labels a storage with its name and, when known, its temperature', () => {
    const d = scene({ siteStorages: [entry(1), entry(2, { left: 5 })] });
    expect(d.storages.map((s) => s.label)).toEqual(['North barn 65.0 °C', 'Silo 1']);
  });

  it.each([
    // showColors, temperature → the label's background: the band's colour whether or not the body shows it
    [true, 650, TEMPERATURE_BAND_COLOURS[3].fill],
    [false, 650, TEMPERATURE_BAND_COLOURS[3].fill],
    [false, -250, TEMPERATURE_BAND_COLOURS[0].fill],
    [true, null, undefined],
  ])('colours %s, temperature %s: the label reads on %s', (showColors, temperature, background) => {
    const [s] = scene(
      { showColors, siteStorages: [entry(1)] },
      { temperatures: new Map([[1, temperature]]) },
    ).storages;
    expect(s?.labelColours?.background).toBe(background);
  });

  it('places the site labels at their elevation', () => {
    const d = scene({
      labels: [{ id: '1', text: 'Gate', left: 10, top: 7.5, elevation: 3, color: '#0000ff' }],
    });
    expect(d.labels).toEqual([{ id: '1', text: 'Gate', x: 0, y: 3, z: 0, colour: '#0000ff' }]);
  });
});

describe('cameraDistanceToFit: the whole site in view at any aspect', () => {
  const halfV = ((CAMERA_FOV_DEG / 2) * Math.PI) / 180;
  const elevation = Math.atan2(CAMERA_DIRECTION.y, CAMERA_DIRECTION.z);
  it.each([
    // columns, rows, aspect (a wide screen, a square, a phone held upright)
    [20, 15, 16 / 9],
    [20, 15, 1],
    [20, 15, 390 / 450],
    [100, 5, 0.5],
    [5, 100, 2],
    [1, 1, 1],
  ])('%i × %i at aspect %s: width and depth both fit', (columns, rows, aspect) => {
    const d = cameraDistanceToFit(columns, rows, aspect);
    const visibleWidth = 2 * d * Math.tan(halfV) * aspect;
    const visibleHeight = 2 * d * Math.tan(halfV);
    expect(visibleWidth).toBeGreaterThanOrEqual(columns);
    expect(visibleHeight).toBeGreaterThanOrEqual(rows * Math.sin(elevation));
  });

  it('stands further back for a phone held upright than for a wide screen', () => {
    expect(cameraDistanceToFit(20, 15, 390 / 450)).toBeGreaterThan(1.5 * cameraDistanceToFit(20, 15, 16 / 9));
  });
});
