import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultAlertMessaging,
  type AlertMessaging,
  type AlertRecipient,
  type Storage,
} from '@emberwatch/shared/contracts/storages';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { AlertMessagingSection } from '../src/features/storages/AlertMessagingSection';
import { EditConfirmDialog } from '../src/features/storages/EditConfirmDialog';
import { createFakeServer } from './support/fakeServer';
import { renderPage } from './support/renderPage';
import { renderWithProviders } from './support/renderWithProviders';
import { sensorConf, storage as storageFixture } from './support/fixtures';
import { withDocumentStyles } from './support/documentStyles';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await import('../src/features/storages/StorageDetailPage');
});

const OWNER: AlertRecipient = {
  U_ID: 7,
  name: 'Hanna Farmer',
  phone: '+358 40 123 4567',
  phoneComplete: true,
  email: 'hanna@example.com',
  owner: true,
  health: [],
};
/** A sub-user with a short phone and no e-mail address. */
const HELPER: AlertRecipient = {
  U_ID: 8,
  name: 'Farm Helper',
  phone: '+358 40 123',
  phoneComplete: false,
  email: null,
  owner: false,
  health: [],
};
/** A sub-user with an address and a complete phone. */
const NIGHT: AlertRecipient = {
  U_ID: 9,
  name: 'Night Watch',
  phone: '+44 7700 900123',
  phoneComplete: true,
  email: 'night@example.com',
  owner: false,
  health: [],
};
const RECIPIENTS = [OWNER, HELPER, NIGHT];

/** 12.3.2026 at noon UTC: the same day in any zone of the test machine. */
const MARCH_12 = Date.UTC(2026, 2, 12, 12) / 1000;
/** Night Watch's e-mails bounce, and calls to the owner's phone fail (decision 0070). */
const FAILING: AlertRecipient[] = [
  {
    ...OWNER,
    health: [
      {
        channel: 'voice',
        address: '+358401234567',
        recipientUserId: 7,
        recipientName: 'Hanna Farmer',
        failingSince: MARCH_12 + 86_400,
        lastFailedTs: MARCH_12 + 86_400,
        lastError: 'HTTP 400 (21211): not a valid phone number',
        failed: 1,
      },
    ],
  },
  HELPER,
  {
    ...NIGHT,
    health: [
      {
        channel: 'email',
        address: 'night@example.com',
        recipientUserId: 9,
        recipientName: 'Night Watch',
        failingSince: MARCH_12,
        lastFailedTs: MARCH_12 + 3600,
        lastError: 'SMTP 550: Mailbox unavailable',
        failed: 2,
      },
    ],
  },
];

function messaging(change: (m: AlertMessaging) => void = () => undefined): AlertMessaging {
  const m = defaultAlertMessaging();
  change(m);
  return m;
}

/** The section with its value held like the details tab holds it; `changes` records each change. */
function Harness(props: {
  initial: AlertMessaging;
  voiceCallEnabled?: boolean;
  sentinel?: boolean;
  readOnly?: boolean;
  unit?: DegreesUnit;
  changes?: AlertMessaging[];
  recipients?: AlertRecipient[];
  dateFormat?: string;
}) {
  const [value, setValue] = useState(props.initial);
  return (
    <AlertMessagingSection
      value={value}
      onChange={(next) => {
        props.changes?.push(next);
        setValue(next);
      }}
      recipients={props.recipients ?? RECIPIENTS}
      dateFormat={props.dateFormat}
      voiceCallEnabled={props.voiceCallEnabled ?? false}
      sentinel={props.sentinel ?? false}
      readOnly={props.readOnly ?? false}
      unit={props.unit ?? 'C'}
      colorStepsC={[0, 40, 60, 80, 100]}
    />
  );
}

const chips = (channel: string) =>
  [...screen.getByTestId(`chips-${channel}`).querySelectorAll('.MuiChip-label')].map((c) => c.textContent);

describe('the alert messaging section', () => {
  // Colours and fading come from the CSS: these tests read computed styles.
  withDocumentStyles();
  it('says "No phones selected" and "No emails selected" while nobody is chosen', () => {
    renderWithProviders(<Harness initial={messaging()} />);
    expect(within(screen.getByTestId('chips-sms')).getByText('No phones selected')).toBeTruthy();
    expect(within(screen.getByTestId('chips-email')).getByText('No emails selected')).toBeTruthy();
  });

  it('turns the SMS and e-mail switches on and off', async () => {
    const changes: AlertMessaging[] = [];
    const { user } = renderWithProviders(<Harness initial={messaging()} changes={changes} />);
    await user.click(screen.getByRole('switch', { name: 'SMS' }));
    await user.click(screen.getByRole('switch', { name: 'E-mail' }));
    expect(changes.at(-1)).toMatchObject({ sms: { active: true }, email: { active: true } });
    await user.click(screen.getByRole('switch', { name: 'SMS' }));
    expect(changes.at(-1)).toMatchObject({ sms: { active: false }, email: { active: true } });
  });

  it('adds people through the dialog; e-mail only with an address, SMS only with a complete phone', async () => {
    const { user } = renderWithProviders(<Harness initial={messaging()} />);
    await user.click(screen.getByRole('button', { name: 'Choose recipients' }));
    const dialog = await screen.findByRole('dialog');
    const box = (name: string) => within(dialog).getByRole<HTMLInputElement>('checkbox', { name });
    expect(box('E-mail: Farm Helper').disabled).toBe(true);
    expect(box('SMS: Farm Helper').disabled).toBe(true);
    expect(within(dialog).getByText('Incomplete phone number')).toBeTruthy();
    expect(box('E-mail: Hanna Farmer').disabled).toBe(false);
    // No voice column without the account's voice right.
    expect(within(dialog).queryByRole('checkbox', { name: 'Voice call: Hanna Farmer' })).toBeNull();
    await user.click(box('SMS: Night Watch'));
    await user.click(box('SMS: Hanna Farmer'));
    await user.click(box('E-mail: Hanna Farmer'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chips('sms')).toEqual(['Night Watch', 'Hanna Farmer']);
    expect(chips('email')).toEqual(['Hanna Farmer']);
  });

  it('reverts the selection when the dialog is cancelled', async () => {
    const initial = messaging((m) => (m.sms.UIDS = [7]));
    const changes: AlertMessaging[] = [];
    const { user } = renderWithProviders(<Harness initial={initial} changes={changes} />);
    await user.click(screen.getByRole('button', { name: 'Choose recipients' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS: Hanna Farmer' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS: Night Watch' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chips('sms')).toEqual(['Hanna Farmer']);
    expect(changes).toHaveLength(0);
    // Opened again, it starts from the selection, not from the cancelled draft.
    await user.click(screen.getByRole('button', { name: 'Choose recipients' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole<HTMLInputElement>('checkbox', { name: 'SMS: Hanna Farmer' }).checked).toBe(
      true,
    );
    expect(within(again).getByRole<HTMLInputElement>('checkbox', { name: 'SMS: Night Watch' }).checked).toBe(
      false,
    );
  });

  it("removes a person with the chip's delete", async () => {
    const { user } = renderWithProviders(<Harness initial={messaging((m) => (m.email.UIDS = [7, 9]))} />);
    const chip = within(screen.getByTestId('chips-email'))
      .getByText('Hanna Farmer')
      .closest('.MuiChip-root')!;
    await user.click(chip.querySelector('.MuiChip-deleteIcon')!);
    expect(chips('email')).toEqual(['Night Watch']);
  });

  it('offers voice and Sentinel only with the rights (spec doc 3 §6)', () => {
    const { unmount } = renderWithProviders(<Harness initial={messaging()} />);
    expect(screen.queryByRole('switch', { name: 'Voice call' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Sentinel' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    unmount();
    renderWithProviders(<Harness initial={messaging()} voiceCallEnabled sentinel />);
    expect(screen.getByRole('switch', { name: 'Voice call' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Sentinel' })).toBeTruthy();
    expect(screen.getByRole('slider')).toBeTruthy();
  });

  it('shows the voice limit slider 0–99 °C, default 60, coloured by the colour steps', () => {
    renderWithProviders(<Harness initial={messaging()} voiceCallEnabled />);
    const slider = screen.getByRole<HTMLInputElement>('slider');
    expect([slider.min, slider.max, slider.value]).toEqual(['0', '99', '60']);
    // 60 °C is the third colour step (60): band 3's text colour.
    expect(screen.getByTestId('voice-limit').textContent).toBe('60 °C');
    expect(getComputedStyle(screen.getByTestId('voice-limit')).color).toBe('rgb(194, 65, 12)');
  });

  it('shows the limit 30–200 °F for a °F user and saves it in °C', () => {
    const changes: AlertMessaging[] = [];
    renderWithProviders(<Harness initial={messaging()} voiceCallEnabled unit="F" changes={changes} />);
    const slider = screen.getByRole<HTMLInputElement>('slider');
    expect([slider.min, slider.max, slider.value]).toEqual(['30', '200', '140']);
    fireEvent.change(slider, { target: { value: '158' } });
    expect(changes.at(-1)?.voice.tempLimit).toBe(70);
    expect(screen.getByTestId('voice-limit').textContent).toBe('158 °F');
  });

  it('sets the no-call hours; equal hours mean calls day and night', async () => {
    const { user } = renderWithProviders(<Harness initial={messaging()} voiceCallEnabled />);
    expect(screen.getByTestId('no-call-summary').textContent).toBe('No calls between 09:00 and 17:00');
    await user.click(screen.getByRole('combobox', { name: 'No calls from' }));
    await user.click(await screen.findByRole('option', { name: '17:00' }));
    expect(screen.getByTestId('no-call-summary').textContent).toBe('Calls day and night');
  });

  it('is read-only for a master: no switch, no dialog, no chip delete', () => {
    renderWithProviders(
      <Harness
        initial={messaging((m) => Object.assign(m.sms, { active: true, UIDS: [7] }))}
        readOnly
        voiceCallEnabled
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'SMS' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('slider').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Choose recipients' })).toBeNull();
    expect(screen.getByTestId('chips-sms').querySelector('.MuiChip-deleteIcon')).toBeNull();
  });
});

describe("each recipient's health (decision 0070)", () => {
  const chosen = messaging((m) => {
    Object.assign(m.email, { active: true, UIDS: [7, 9] });
    Object.assign(m.sms, { active: true, UIDS: [7] });
  });

  it('marks a person whose e-mails bounce, with since when and the last error, in the date format', () => {
    renderWithProviders(<Harness initial={chosen} recipients={FAILING} dateFormat="d.M.yyyy" />);
    const night = within(screen.getByTestId('chips-email'))
      .getByText('Night Watch')
      .closest('.MuiChip-root')!;
    expect(night.getAttribute('data-failing')).toBe('true');
    expect(night.getAttribute('title')).toBe('Messages to Night Watch are not delivered');
    const hanna = within(screen.getByTestId('chips-email'))
      .getByText('Hanna Farmer')
      .closest('.MuiChip-root')!;
    expect(hanna.getAttribute('data-failing')).toBeNull();
    expect(screen.getByTestId('health-email').textContent).toBe(
      'E-mails to Night Watch bounce since 12.3.2026, last error: SMTP 550: Mailbox unavailable',
    );
    // The owner's calls fail, but voice is not shown without the right, and SMS to the owner works.
    expect(screen.queryByTestId('health-voice')).toBeNull();
    expect(screen.queryByTestId('health-sms')).toBeNull();
  });

  it("shows the user's own date format, and nothing once the person has recovered", () => {
    const { unmount } = renderWithProviders(
      <Harness initial={chosen} recipients={FAILING} dateFormat="MM/dd/yyyy" voiceCallEnabled />,
    );
    expect(screen.getByTestId('health-email').textContent).toContain('since 03/12/2026');
    expect(screen.queryByTestId('health-voice')).toBeNull(); // the owner is not chosen for calls
    unmount();
    renderWithProviders(<Harness initial={chosen} recipients={RECIPIENTS} />);
    expect(screen.queryByTestId('health-email')).toBeNull();
    expect(screen.getByTestId('chips-email').querySelector('[data-failing]')).toBeNull();
  });

  it('shows every failing channel next to the person in the recipients dialog', async () => {
    const { user } = renderWithProviders(
      <Harness initial={chosen} recipients={FAILING} dateFormat="d.M.yyyy" voiceCallEnabled />,
    );
    await user.click(screen.getByRole('button', { name: 'Choose recipients' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(within(dialog).getByTestId('recipient-7')).getByTestId('health-voice').textContent).toBe(
      'Calls to Hanna Farmer fail since 13.3.2026, last error: HTTP 400 (21211): not a valid phone number',
    );
    expect(within(within(dialog).getByTestId('recipient-9')).getByTestId('health-email').textContent).toMatch(
      /^E-mails to Night Watch bounce since 12\.3\.2026/,
    );
    expect(within(within(dialog).getByTestId('recipient-8')).queryByTestId(/^health-/)).toBeNull();
  });
});

describe('the edit-confirm dialog', () => {
  it('shows each reason with its alerts-disabled message', () => {
    renderWithProviders(
      <EditConfirmDialog
        reasons={['noProbes', 'noMonitor', 'noSms']}
        saving={false}
        onBack={() => undefined}
        onDiscard={() => undefined}
        onSave={() => undefined}
      />,
    );
    expect(screen.getByTestId('edit-confirm-noProbes').textContent).toBe(
      'Alerts are disabled: there are no probes in this storage.',
    );
    expect(screen.getByTestId('edit-confirm-noMonitor').textContent).toBe(
      'Alerts are disabled: no monitor is assigned to this storage.',
    );
    expect(screen.getByTestId('edit-confirm-noSms').textContent).toBe(
      'SMS alerts are disabled: no phones are selected for this storage.',
    );
  });

  it('otherwise asks to save before closing, with Back, Discard and Save', async () => {
    const onBack = vi.fn();
    const onDiscard = vi.fn();
    const onSave = vi.fn();
    const { user } = renderWithProviders(
      <EditConfirmDialog reasons={[]} saving={false} onBack={onBack} onDiscard={onDiscard} onSave={onSave} />,
    );
    expect(screen.getByText('Do you want to save your edits before closing?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect([onBack.mock.calls.length, onDiscard.mock.calls.length, onSave.mock.calls.length]).toEqual([
      1, 1, 1,
    ]);
  });
});

/** Item 5 'North barn', rows of 3 with H-001 placed; `over` replaces fields. */
function barn(over: Partial<Storage> = {}): Storage {
  return storageFixture({
    itemID: 5,
    name: 'North barn',
    capacity: 400,
    sensor_layout: {
      rows: [{ index: 0, rowLength: 3 }],
      floors: 1,
      sensors: [{ id: 'H-001', row: 0, column: 1, floor: 0 }],
    },
    ...over,
  });
}

function server(over: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    loggedIn: true,
    conf: { F1000001: [sensorConf('H-001', 'North end')] },
    storages: [barn()],
    alertRecipients: { results: RECIPIENTS, voiceCallEnabled: true, sentinel: false, sentinelHealth: null },
    ...over,
  });
}

describe('alert messaging on the storage details tab', () => {
  it('saves switches and recipients with the storage, and the hours by setCustomAlertHours', async () => {
    const fake = server();
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    await user.click(await screen.findByRole('switch', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Choose recipients' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS: Hanna Farmer' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Voice call: Night Watch' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('combobox', { name: 'until' }));
    await user.click(await screen.findByRole('option', { name: '06:00' }));
    await user.click(screen.getByRole('combobox', { name: 'No calls from' }));
    await user.click(await screen.findByRole('option', { name: '22:00' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fake.callsTo('POST', '/client/setCustomAlertHours')).toHaveLength(1));
    const saved = fake.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(saved.item.alertMessaging).toEqual(
      messaging((m) => {
        Object.assign(m.sms, { active: true, UIDS: [7] });
        m.voice.UIDS = [9];
      }),
    );
    expect(fake.callsTo('POST', '/client/setCustomAlertHours')[0]?.body).toEqual({
      UID: 7,
      itemID: 5,
      noCallHours: [22, 6],
      tempLimit: 60,
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fake.state.storages[0]?.alertMessaging?.voice).toMatchObject({ UIDS: [9], noCallHours: [22, 6] });
  });

  it("shows the server's recipient health on the details tab, in the user's date format", async () => {
    const fake = server({
      alertRecipients: {
        results: FAILING,
        voiceCallEnabled: true,
        sentinel: true,
        sentinelHealth: {
          channel: 'sentinel',
          address: 'https://sentinel.example/hook',
          recipientUserId: null,
          recipientName: 'Sentinel',
          failingSince: MARCH_12,
          lastFailedTs: MARCH_12,
          lastError: 'HTTP 410',
          failed: 1,
        },
      },
      storages: [
        barn({ alertMessaging: messaging((m) => Object.assign(m.email, { active: true, UIDS: [9] })) }),
      ],
    });
    fake.state.session.ui_preferences.date_format = 'dd/MM/yyyy';
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    expect((await screen.findByTestId('health-email')).textContent).toBe(
      'E-mails to Night Watch bounce since 12/03/2026, last error: SMTP 550: Mailbox unavailable',
    );
    expect(screen.getByTestId('health-sentinel').textContent).toBe(
      'Calls to the Sentinel webhook fail since 12/03/2026, last error: HTTP 410',
    );
  });

  it('sends only setCustomAlertHours when only the limit changed', async () => {
    const fake = server();
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    fireEvent.change(await screen.findByRole('slider'), { target: { value: '70' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('POST', '/client/setCustomAlertHours')).toHaveLength(1));
    expect(fake.callsTo('POST', '/client/saveStorage')).toHaveLength(0);
  });

  it('is read-only for a master who is not a grand master', async () => {
    const fake = server({
      session: { master: true, grandMaster: false },
      storages: [
        barn({ alertMessaging: messaging((m) => Object.assign(m.sms, { active: true, UIDS: [7] })) }),
      ],
    });
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    expect((await screen.findByRole<HTMLInputElement>('switch', { name: 'SMS' })).disabled).toBe(true);
    expect(chips('sms')).toEqual(['Hanna Farmer']);
    expect(screen.queryByRole('button', { name: 'Choose recipients' })).toBeNull();
  });

  // Issue 28 (docs/roles.md): whom the alerts reach is the owner's; the farm hand renames the storage.
  it("shows a sub-user the storage's alerts without letting him change them, and saves his rename with them as stored", async () => {
    const stored = messaging((m) => Object.assign(m.sms, { active: true, UIDS: [7] }));
    const fake = server({ session: { subUser: true }, storages: [barn({ alertMessaging: stored })] });
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('tab', { name: 'Storage details' }));
    expect((await screen.findByRole<HTMLInputElement>('switch', { name: 'SMS' })).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('slider').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Choose recipients' })).toBeNull();
    expect(screen.getByTestId('alert-messaging-owner-only').textContent).toBe(
      'Only the account owner can change the alert messages.',
    );
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'North barn, east');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
    const saved = fake.callsTo('POST', '/client/saveStorage')[0]?.body as { item: Storage };
    expect(saved.item).toMatchObject({ name: 'North barn, east', alertMessaging: stored, monitor: null });
    expect(fake.callsTo('POST', '/client/setCustomAlertHours')).toHaveLength(0);
  });
});

describe('closing an edited layout', () => {
  it('names the reasons alerts are off, and Back keeps the edits', async () => {
    const fake = server();
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('button', { name: 'Edit layout' }));
    await user.click(await screen.findByRole('button', { name: 'Move North end to the bin' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    // The only probe went to the bin, the barn has no monitor and no SMS.
    expect(within(dialog).getByTestId('edit-confirm-noProbes')).toBeTruthy();
    expect(within(dialog).getByTestId('edit-confirm-noMonitor')).toBeTruthy();
    expect(within(dialog).getByTestId('edit-confirm-noSms')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('asks only to save when alerts would reach someone, and Save saves', async () => {
    const fake = server({
      storages: [
        barn({
          monitor: 1,
          sensor_layout: {
            rows: [{ index: 0, rowLength: 3 }],
            floors: 1,
            sensors: [{ id: 'H-001', row: 0, column: 1, floor: 0 }],
          },
          alertMessaging: messaging((m) => Object.assign(m.sms, { active: true, UIDS: [7] })),
        }),
      ],
      conf: { F1000001: [sensorConf('H-001', 'North end'), sensorConf('H-002', 'South end')] },
    });
    fake.state.storages[0]!.sensor_layout!.sensors.push({ id: 'H-002', row: 0, column: 2, floor: 0 });
    const { user } = renderPage('/storages/5', fake);
    await user.click(await screen.findByRole('button', { name: 'Edit layout' }));
    await user.click(await screen.findByRole('button', { name: 'Move North end to the bin' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to save your edits before closing?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('POST', '/client/saveStorage')).toHaveLength(1));
  });
});
