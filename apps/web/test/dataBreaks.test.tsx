import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { SaveDataBreakSettingsRequest } from '@emberwatch/shared/contracts/dataBreaks';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { i18n } from '../src/i18n/i18n';
import { delayText } from '../src/features/data-breaks/delayText';
import { createFakeServer } from './support/fakeServer';
import { reading, sensorConf, storage as storageFixture } from './support/fixtures';
import { renderPage } from './support/renderPage';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const H = 3600;
const premium: Plan = { planName: 'Premium', planLevel: 2, segment: null, dueDate: null, expired: false };

beforeAll(async () => {
  await import('../src/features/settings/SettingsPage');
  await import('../src/features/storages/StorageDetailPage');
});

function barn(over: Partial<Storage> = {}): Storage {
  return storageFixture({
    itemID: 5,
    name: 'North barn',
    // Given, so the "information missing" dialog stays closed.
    capacity: 400,
    sensor_layout: {
      rows: [{ index: 0, rowLength: 3 }],
      floors: 1,
      sensors: [{ id: 'H-001', row: 0, column: 1, floor: 0 }],
    },
    ...over,
  });
}

function farm(options: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    loggedIn: true,
    user: { plans: [premium] },
    conf: { F1000001: [sensorConf('H-001', 'North end')] },
    data: { F1000001: [reading('H-001', [40, 38], 600)] },
    storages: [barn()],
    ...options,
  });
}

const saves = (fake: ReturnType<typeof createFakeServer>) =>
  fake.callsTo('POST', '/client/saveDataBreakSettings').map((c) => c.body as SaveDataBreakSettingsRequest);

// Issue 27 item 2; decision 0071.
describe('delayText', () => {
  const t = i18n.t.bind(i18n) as TFunction;
  it.each([
    [1800, '30 min'],
    [3600, '1 h'],
    [4 * H, '4 h'],
    [48 * H, '48 h'],
    [90 * 60, '1 h 30 min'],
  ])('%s s → %s', (s, text) => expect(delayText(t, s)).toBe(text));
});

describe('the account’s data-break delay in the settings', () => {
  it('shows the spec’s 4 h as the default and saves the owner’s choice at once', async () => {
    const fake = farm();
    const { user } = renderPage('/settings/preferences', fake);
    const section = await screen.findByTestId('settings-data-breaks');
    const select = await within(section).findByRole('combobox', { name: 'Warn when no data for' });
    expect(select.textContent).toBe('Default (4 h)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '30 min' }));
    await waitFor(() => expect(saves(fake)).toEqual([{ UID: 7, delayS: 1800 }]));
    expect(await within(section).findByRole('status')).toBeTruthy();
    expect(fake.state.dataBreaks.delayS).toBe(1800);
    expect(within(section).getByRole('combobox', { name: 'Warn when no data for' }).textContent).toBe(
      '30 min',
    );
  });

  it('goes back to the default', async () => {
    const fake = farm({ dataBreaks: { delayS: 12 * H } });
    const { user } = renderPage('/settings/preferences', fake);
    const section = await screen.findByTestId('settings-data-breaks');
    const select = await within(section).findByRole('combobox', { name: 'Warn when no data for' });
    expect(select.textContent).toBe('12 h');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Default (4 h)' }));
    await waitFor(() => expect(saves(fake)).toEqual([{ UID: 7, delayS: null }]));
  });

  it('shows a sub-user the delay but not to change, and says who may', async () => {
    const fake = farm({ session: { subUser: true }, dataBreaks: { delayS: 2 * H } });
    renderPage('/settings/preferences', fake);
    const section = await screen.findByTestId('settings-data-breaks');
    const select = await within(section).findByRole('combobox', { name: 'Warn when no data for' });
    expect(select.textContent).toBe('2 h');
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(within(section).getByText('Only the account owner can change this.')).toBeTruthy();
  });

  it('tells when the save failed', async () => {
    const fake = farm();
    fake.override('POST /client/saveDataBreakSettings', () => new Response('{}', { status: 500 }));
    const { user } = renderPage('/settings/preferences', fake);
    const section = await screen.findByTestId('settings-data-breaks');
    await user.click(await within(section).findByRole('combobox', { name: 'Warn when no data for' }));
    await user.click(await screen.findByRole('option', { name: '1 h' }));
    expect(await within(section).findByText('The delay could not be saved. Please try again.')).toBeTruthy();
  });
});

describe('a storage’s own data-break delay in its details', () => {
  const openDetails = async (fake: ReturnType<typeof createFakeServer>) => {
    const app = renderPage('/storages/5', fake);
    await app.user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    const section = await screen.findByTestId('storage-data-break');
    return {
      ...app,
      section,
      select: within(section).getByRole('combobox', { name: 'Warn when no data for' }),
    };
  };

  it('offers the account’s delay as the default and saves the storage’s own with the one Save', async () => {
    const fake = farm({ dataBreaks: { delayS: 2 * H } });
    const { user, select } = await openDetails(fake);
    expect(select.textContent).toBe('Account default (2 h)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '30 min' }));
    expect(saves(fake)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(fake)).toEqual([{ UID: 7, storages: [{ itemID: 5, delayS: 1800 }] }]));
    // Only the delay changed: the storage itself is not saved again.
    expect(fake.callsTo('POST', '/client/saveStorage')).toHaveLength(0);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fake.state.dataBreaks.storages[5]).toBe(1800);
  });

  it('shows a stored override and returns it to the account’s', async () => {
    const fake = farm({ dataBreaks: { delayS: null, storages: { 5: 24 * H } } });
    const { user, select } = await openDetails(fake);
    expect(select.textContent).toBe('24 h');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Account default (4 h)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(fake)).toEqual([{ UID: 7, storages: [{ itemID: 5, delayS: null }] }]));
  });

  it('lets a sub-user edit the storage but not its delay', async () => {
    const fake = farm({ session: { subUser: true } });
    const { section, select } = await openDetails(fake);
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(within(section).getByText('Only the account owner can change this.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveProperty('disabled', true);
  });
});
