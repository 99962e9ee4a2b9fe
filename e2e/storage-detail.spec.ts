import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from './support/app.js';

/** The storage fields a save takes back (the server's own fields left out). */
type StorageItem = Record<string, unknown> & {
  itemID?: number;
  BS_ID: string;
  stacks: { sensors: { id: string }[] }[];
};

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A bearer token of the demo hay farmer, logged in over HTTP like any API client. */
async function hayToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/admin/login', {
    data: { username: demoUsers.hay, password: demoPassword },
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
