import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoPassword, demoUsers, keepAutoOpenClosed, readDemoStations } from './support/app.js';

/** The storage fields a save takes back (the server's own fields left out). */
type StorageItem = Record<string, unknown> & {
  itemID?: number;
  BS_ID: string;
  stacks: { sensors: { id: string }[] }[];
};

/** Logs in by the mouse, or on a phone by a tap (a mouse click there would leave a pointer behind). */
async function logIn(page: Page, username: string, by: 'click' | 'tap' = 'click'): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' })[by]();
}

/** A bearer token of a demo user (the hay farmer unless told), logged in over HTTP like any API client. */
async function hayToken(request: APIRequestContext, username: string = demoUsers.hay): Promise<string> {
  const answer = await request.post('/admin/login', {
    data: { username, password: demoPassword },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

function inputOf(storage: StorageItem): StorageItem {
  const { UID: _uid, undefinedLayoutType: _undefined, updated_ts: _updated, ...input } = storage;
  return input;
}

test("a hay farmer opens a storage, sees its probes' temperatures in colour, and opens one of them", async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await hayToken(request)}` };
  const save = async (item: StorageItem) => {
    const answer = await request.post('/client/saveStorage', { headers, data: { item } });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { item: StorageItem & { itemID: number } }).item;
  };

  // Every hay probe of the demo sits on a bale of a demo barn: take two of one barn's probes off
  // their stack, so that a new storage may hold them (a probe is in one storage at most).
  const listed = await request.get('/client/getStorages', { headers });
  expect(listed.ok()).toBe(true);
  const storages = ((await listed.json()) as { results: StorageItem[] }).results;
  const barn = storages.find((s) => s.stacks.some((stack) => stack.sensors.length >= 2));
  if (!barn) throw new Error('no demo barn with two probes on one stack');
  const original = inputOf(barn);
  const stackIndex = barn.stacks.findIndex((stack) => stack.sensors.length >= 2);
  const [first, second] = barn.stacks[stackIndex]!.sensors.map((s) => s.id);
  const taken = new Set([first, second]);
  await save({
    ...original,
    stacks: barn.stacks.map((stack) => ({
      ...stack,
      sensors: stack.sensors.filter((s) => !taken.has(s.id)),
    })),
  });

  const created = await save({
    name: 'Test row barn',
    type: 'warehouse',
    capacity: 120,
    BS_ID: barn.BS_ID,
    layoutType: 1,
    sensor_layout: {
      rows: [
        { index: 0, rowLength: 3 },
        { index: 1, rowLength: 2 },
      ],
      floors: 1,
      sensors: [
        { id: first, row: 0, column: 0, floor: 0 },
        { id: second, row: 1, column: 1, floor: 0 },
      ],
    },
    stacks: [],
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
  });

  try {
    await page.goto(`/storages/${created.itemID}`);
    await logIn(page, demoUsers.hay);
    await expect(page).toHaveURL(new RegExp(`/storages/${created.itemID}$`));

    // Both probes show their hottest depth, coloured by the farmer's colour steps (not the grey of
    // a probe without a recent reading).
    for (const id of [first, second]) {
      const cell = page.getByTestId(`cell-${id}`);
      await expect(cell).toBeVisible();
      await expect(cell).toHaveText(/\d+\.\d/);
      await expect(cell).toHaveAttribute('data-band', /^[0-5]$/);
      await expect(cell).not.toHaveCSS('background-color', 'rgb(229, 231, 235)');
    }

    // Hovering shows every depth; clicking opens the probe's detail inside the storage.
    await page.getByTestId(`cell-${first}`).hover();
    await expect(page.getByTestId(`depths-${first}`)).toContainText('Depth 1:');
    await page.getByTestId(`cell-${first}`).click();
    await expect(page).toHaveURL(new RegExp(`/storages/${created.itemID}/probes/${first}$`));
    await expect(page.getByTestId('detail-back')).toHaveAttribute('href', `/storages/${created.itemID}`);

    // Back in the storage, the farmer deletes it from its details tab, after a confirmation.
    await page.getByTestId('detail-back').click();
    await page.getByRole('tab', { name: 'Storage details' }).click();
    await page.getByRole('button', { name: 'Delete storage' }).click();
    await page
      .getByRole('dialog', { name: 'Delete storage?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/storages$/);
    // The refreshed list shows the demo barn, and no longer the deleted storage.
    // In the list (the page's main part): a station tab may carry the same name.
    await expect(page.getByRole('main').getByText(String(barn.name), { exact: true })).toBeVisible();
    await expect(page.getByText('Test row barn')).toHaveCount(0);
  } finally {
    // Leave the demo as the other tests expect it: the test storage gone, the probes back on their bales.
    await request.post('/client/removeStorage', { headers, data: { itemID: created.itemID } });
    await save(original);
  }
});

/** The little of a DOM element the layout checks read (the e2e code has no DOM types). */
interface Measured {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; right: number };
  querySelector(selector: string): Measured | null;
  closest(selector: string): Measured | null;
}

/** Every layout cell of the page whose value is cut, or whose name is cut and nowhere whole. */
async function cutCells(page: Page): Promise<string[]> {
  return page.locator('a[data-testid^="cell-"]').evaluateAll((cells: Measured[]) =>
    cells.flatMap((cell) => {
      const id = cell.getAttribute('data-testid');
      const value = cell.querySelector('[data-testid="cell-value"]');
      const name = cell.querySelector('[data-testid="cell-name"]');
      if (!value || !name) return [`${id}: no value or name`];
      const cut: string[] = [];
      const box = cell.getBoundingClientRect();
      const written = value.getBoundingClientRect();
      // The value is never cut: nothing sticks out of the cell, and the value lies inside it.
      if (cell.scrollWidth > cell.clientWidth)
        cut.push(`${id}: ${cell.scrollWidth} > ${cell.clientWidth} wide`);
      if (value.scrollWidth > value.clientWidth) cut.push(`${id}: value ${value.textContent} overflows`);
      if (written.left < box.left - 0.5 || written.right > box.right + 0.5)
        cut.push(`${id}: value ${value.textContent} outside its cell`);
      // Nor is the cell drawn past its level's left edge, where no scrolling reaches it.
      const level = cell.closest('section')?.getBoundingClientRect();
      if (level && box.left < level.left - 0.5) cut.push(`${id}: left of its level`);
      // A name may end in an ellipsis, but then the cell's name (its tooltip's too) holds it whole.
      const nameCut = name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1;
      if (nameCut && !cell.getAttribute('aria-label')?.includes(name.textContent ?? ''))
        cut.push(`${id}: name ${name.textContent} cut and nowhere whole`);
      return cut;
    }),
  );
}

const pageScrollWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

// Issue 28 item 8: layout cells cut their numbers ('55.5' showed as '5.5') and names while most of
// the width was empty. Two farms: the hay farm's stacks in °C (a probe in alert carries the bell
// beside its value) and the grain farm's tilted rows in °F, each with a probe renamed to a long name.
type Farm = {
  user: string;
  material: 'hay' | 'grain';
  values: readonly [string, string];
  layout: string;
  editor: 'stacks' | 'rows';
};
const farms: readonly Farm[] = [
  {
    user: demoUsers.hay,
    material: 'hay',
    values: ['55.5', '-10.5'],
    layout: 'stacks in °C',
    editor: 'stacks',
  },
  {
    user: demoUsers.grain,
    material: 'grain',
    values: ['131.9', '13.1'],
    layout: 'tilted rows in °F',
    editor: 'rows',
  },
];
const LONG_NAME = 'North end of the stack, third bale from the top';

interface HeatedStorage {
  itemID: number;
  hot: string;
  cold: string;
  /** Gives the hot probe its own name back. */
  restore: () => Promise<void>;
}

/**
 * The farm's storage with the most probes placed: one of them at 55.5 °C (above the hay farm's
 * alert, so its cell carries the bell too) and named LONG_NAME, another at −10.5 °C.
 */
async function heatedStorage(request: APIRequestContext, farm: Farm): Promise<HeatedStorage> {
  const { stations } = await readDemoStations();
  // The probes the temperature-colour test heats are left alone, so its readings stay the newest.
  const reserved = new Set(
    stations.filter((s) => s.material === 'hay').flatMap((s) => s.probes.slice(0, 2).map((p) => p.sensor_id)),
  );
  const headers = { Authorization: `Bearer ${await hayToken(request, farm.user)}` };
  const listed = await request.get('/client/getStorages', { headers });
  expect(listed.ok()).toBe(true);
  type Listed = StorageItem & {
    itemID: number;
    sensor_layout: { sensors: { id: string; row: number }[] } | null;
  };
  const placedIn = (s: Listed) => [
    ...s.stacks.flatMap((stack) => stack.sensors.map((p) => p.id)),
    ...(s.sensor_layout?.sensors.filter((p) => p.row >= 0).map((p) => p.id) ?? []),
  ];
  const storage = ((await listed.json()) as { results: Listed[] }).results
    .filter((s) => stations.some((st) => st.bs_id === s.BS_ID && st.material === farm.material))
    .sort((a, b) => placedIn(b).length - placedIn(a).length)[0];
  if (!storage) throw new Error(`no ${farm.material} storage`);
  const station = stations.find((st) => st.bs_id === storage.BS_ID)!;
  const [hot, cold] = placedIn(storage).filter((id) => !reserved.has(id));
  if (!hot || !cold) throw new Error(`${String(storage.name)} has fewer than two probes to heat`);

  const conf = await request.get(`/client/bsConf?basestationID=${storage.BS_ID}`, { headers });
  expect(conf.ok()).toBe(true);
  const configurations = (
    (await conf.json()) as { sensor_configurations: { sensor_id_sys: string; sensor_name: string | null }[] }
  ).sensor_configurations;
  const originalName = configurations.find((c) => c.sensor_id_sys === hot)?.sensor_name ?? null;
  const rename = async (name: string | null) => {
    const answer = await request.post('/client/sensorConf', {
      headers,
      data: { bs_id: storage.BS_ID, sensorConfigurations: [{ sensor_id_sys: hot, sensor_name: name }] },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await rename(LONG_NAME);
  const now = Math.floor(Date.now() / 1000);
  const reading = (sensor_id: string, temperatures: number[]) => ({
    sensor_id,
    meas_ts: now,
    temperatures,
    sensor_RSSI: -70,
    batt_voltage: 356,
  });
  const sent = await request.post('/ingest/v1/packets', {
    headers: { Authorization: `Station ${station.bs_id}:${station.secret}` },
    data: { type: 'data', readings: [reading(hot, [555, 550, 540]), reading(cold, [-105, -110, -120])] },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { itemID: storage.itemID, hot, cold, restore: () => rename(originalName) };
}

/** Opens the storage as the farmer, the notifications kept from opening over the layout by themselves. */
async function openLayout(
  page: Page,
  request: APIRequestContext,
  farm: Farm,
  storage: HeatedStorage,
  by: 'click' | 'tap',
): Promise<void> {
  // The readings raise alerts; once closed in a session, the notifications do not open again.
  await keepAutoOpenClosed(page, request, farm.user);
  await page.goto(`/storages/${storage.itemID}`);
  await logIn(page, farm.user, by);
  await expect(page).toHaveURL(new RegExp(`/storages/${storage.itemID}$`));
}

/** Both values and the long name written whole, no cell cut, and the page not scrolling sideways. */
async function expectCellsWhole(
  page: Page,
  farm: Farm,
  storage: HeatedStorage,
  width: number,
): Promise<void> {
  const hotCell = page.getByTestId(`cell-${storage.hot}`);
  await expect(hotCell.getByTestId('cell-value')).toHaveText(farm.values[0]);
  await expect(page.getByTestId(`cell-${storage.cold}`).getByTestId('cell-value')).toHaveText(farm.values[1]);
  await expect(hotCell.getByTestId('cell-name')).toHaveText(LONG_NAME);
  expect(await cutCells(page), `${farm.user} at ${width} px`).toEqual([]);
  // A level too wide for the page scrolls by itself; the page does not.
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(width);
}

for (const farm of farms) {
  test.describe(`layout cells of ${farm.layout}`, () => {
    test('on a desktop every cell writes its value whole, and hovering gives a long name whole', async ({
      page,
      request,
    }) => {
      const storage = await heatedStorage(request, farm);
      try {
        await page.setViewportSize({ width: 1280, height: 800 });
        await openLayout(page, request, farm, storage, 'click');
        await expectCellsWhole(page, farm, storage, 1280);
        await page.getByTestId(`cell-${storage.hot}`).hover();
        await expect(page.getByRole('tooltip').filter({ hasText: LONG_NAME })).toBeVisible();
      } finally {
        await storage.restore();
      }
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

      test('every cell writes its value whole, and the first tap gives a long name whole', async ({
        page,
        request,
      }) => {
        const storage = await heatedStorage(request, farm);
        try {
          // Touch only, as on a phone: a mouse pointer left where the login was clicked would take
          // the hover off the cell as soon as the tooltip opens, and close it.
          await openLayout(page, request, farm, storage, 'tap');
          await expectCellsWhole(page, farm, storage, 360);
          // The first tap shows the name (a second would open the probe).
          await page.getByTestId(`cell-${storage.hot}`).tap();
          await expect(page.getByRole('tooltip').filter({ hasText: LONG_NAME })).toBeVisible();
          await expect(page).toHaveURL(new RegExp(`/storages/${storage.itemID}$`));
          // The layout's editor, probe names in its cells, does not widen the page either, nor does
          // a row made longer than the phone (its floor scrolls by itself).
          await page.getByRole('button', { name: 'Edit layout' }).tap();
          await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
          const nameInEditor =
            farm.editor === 'stacks' ? `Remove ${LONG_NAME}` : `Move ${LONG_NAME} to the bin`;
          await expect(page.getByRole('button', { name: nameInEditor })).toBeVisible();
          expect(await pageScrollWidth(page)).toBeLessThanOrEqual(360);
          for (let i = 0; farm.editor === 'rows' && i < 6; i++) {
            await page.getByRole('button', { name: 'Add a cell to row 1' }).tap();
            expect(await pageScrollWidth(page), `row 1 one cell longer, ${i + 1} times`).toBeLessThanOrEqual(
              360,
            );
          }
        } finally {
          await storage.restore();
        }
      });
    });
  });
}
