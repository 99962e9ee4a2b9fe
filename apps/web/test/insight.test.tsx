import { describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Plan, Service } from '@emberwatch/shared/contracts/users';
import { emptySurvey, type SurveyAnswers } from '@emberwatch/shared/domain/insight/surveyAnswers';
import { SurveyWizard } from '../src/features/insight/SurveyWizard';
import { migrationTarget } from '../src/features/insight/MigrationScreen';
import { createFakeServer, json } from './support/fakeServer';
import { renderApp } from './support/renderApp';
import { renderPage } from './support/renderPage';
import { renderWithProviders } from './support/renderWithProviders';

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 5000 });

const hayPlan: Plan = { planName: 'Premium', planLevel: 2, segment: null, dueDate: null, expired: false };

const complete: SurveyAnswers = {
  ...emptySurvey(),
  activityType: 'dairy',
  hayType: 'bales',
  yearlyCuts: 3,
  balesPerYear: 1200,
  balesType: 'round',
  balesWeight: 350,
  storageTime: [6, 12],
  storagesNumber: 1,
  storages: [
    { id: 1, name: 'Barn', type: 'warehouse', capacity: 300, size: null, undefinedLayoutType: true },
  ],
};

/** A hay farm without the Insight service; the Insight calls answer as the server does. */
function server(opts: { plans?: Plan[]; admin?: boolean; saved?: SurveyAnswers | null } = {}) {
  const s = createFakeServer({
    loggedIn: true,
    user: { plans: opts.plans ?? [hayPlan], service: null, country: 'FI' },
    session: { admin: opts.admin ?? false },
  });
  const trial: Service = {
    plan: 2,
    trial: 1,
    started: 1,
    period: null,
    expDate: Math.floor(Date.now() / 1000) + 86400,
    surveyCompleted: false,
    nextPayment: { date: Math.floor(Date.now() / 1000) + 86400, type: 'trial' },
    oldPlans: [hayPlan],
  };
  s.override('GET /client/getInsightTrialTime', () => json({ status_code: 0, trialDays: 1 }));
  s.override('POST /admin/insightMigration', () => {
    s.state.user = { ...s.state.user, service: trial };
    return json({ status_code: 0, service: trial });
  });
  s.override('GET /client/getInsightSurvey', () =>
    json(opts.saved ? { status_code: 0, data: opts.saved } : { status_code: 1, data: null }),
  );
  s.override('POST /client/saveInsightSurvey', () => {
    s.state.user = { ...s.state.user, service: { ...trial, surveyCompleted: true } };
    return json({ status_code: 0, service: { ...trial, surveyCompleted: true } });
  });
  s.override('POST /client/saveInsightStorages', () =>
    json({ status_code: 0, storages: [{ id: 1, itemID: 40 }] }),
  );
  return s;
}

/** The account area's own call, answered for the fake server's user. */
function withAccount(s: ReturnType<typeof createFakeServer>, mayEdit = true) {
  s.override('GET /client/accountInfo', () =>
    json({
      status_code: 0,
      account: {
        U_ID: s.state.user.U_ID,
        username: 'farmer',
        login_U_ID: s.state.user.U_ID,
        subUser: false,
        firstname: 'Anna',
        lastname: null,
        email: null,
        phone: null,
        country: 'fi',
        address: null,
        zip: null,
        city: null,
        phones: [],
        pendingPhone: null,
        subUsers: [],
        subUserCount: 2,
        mayEdit,
        mayAddSubUser: true,
        demo: false,
      },
    }),
  );
}

describe('the shell’s redirect to /insight (spec doc 1 §2)', () => {
  it('leads a hay user without the service from "/" to the welcome page after 500 ms', async () => {
    const app = renderApp('/', server());
    await waitFor(() => expect(app.location()).toBe('/insight'), { timeout: 3000 });
    expect(await screen.findByRole('heading', { name: 'Welcome to Insight' })).toBeTruthy();
  });

  it.each([
    ['an admin', '/', { admin: true }],
    ['plan level 4', '/', { plans: [{ ...hayPlan, planName: 'Grain Supervisor' as const, planLevel: 4 }] }],
    ['a link to a page', '/probes', {}],
  ])('leaves %s alone', async (_name, path, opts) => {
    // Twice the redirect's 500 ms pass on a fake clock (it moves with real time too, for the loading).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp(path, server(opts));
    await screen.findByTestId('menu-button', undefined, { timeout: 8000 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(app.location()).not.toMatch(/^\/insight/);
  });

  it('without the navigation state, /insight goes to /', async () => {
    const app = renderApp('/insight', server());
    await waitFor(() => expect(app.location()).not.toMatch(/^\/insight/));
  });

  it('shows a user whose subscription has expired the expired screen, outside the session', async () => {
    const s = server({ plans: [{ ...hayPlan, planLevel: 1 }] });
    const app = renderApp('/', s);
    expect(
      await screen.findByRole('heading', { name: 'Subscription expired' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(app.location()).toBe('/insight/expired');
    expect(screen.getByTestId('expired-bs').textContent).toBe('Base station F1000001');
    expect(screen.getByRole('link', { name: /support@/ }).getAttribute('href')).toMatch(/^mailto:/);
    await waitFor(() => expect(s.callsTo('POST', '/admin/logout')).toHaveLength(1));
    await app.user.click(screen.getByRole('button', { name: 'Back to login' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });
});

describe('the welcome page (spec doc 1 §2, §4, §5)', () => {
  it('enables Next only once the terms are accepted, then makes the user an Insight user', async () => {
    const s = server();
    const app = renderApp('/', s);
    await screen.findByRole('heading', { name: 'Welcome to Insight' }, { timeout: 4000 });
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    const notice = await screen.findByText(/Your free trial lasts 1 day\(s\), until \d{1,2}\.\d{2}\.\d{4}\./);
    expect(notice).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    const accept = screen.getByRole('checkbox');
    await app.user.click(accept);
    expect(next).toHaveProperty('disabled', false);
    await app.user.click(accept);
    expect(screen.getByText('You must accept the terms and conditions')).toBeTruthy();
    expect(next).toHaveProperty('disabled', true);
    expect(s.callsTo('POST', '/admin/insightMigration')).toHaveLength(0);

    await app.user.click(accept);
    await app.user.click(next);
    await waitFor(() => expect(app.location()).toBe('/insight/survey'));
    expect(s.callsTo('POST', '/admin/insightMigration').map((c) => c.body)).toEqual([
      { UID: s.state.user.U_ID, termsAccepted: true },
    ]);
    expect(await screen.findByRole('heading', { name: 'About your farm' })).toBeTruthy();
  });

  it('Finish saves the answers and the storages once and returns to / marked completed', async () => {
    const s = server({ saved: complete });
    const app = renderApp('/', s);
    await screen.findByRole('heading', { name: 'Welcome to Insight' }, { timeout: 4000 });
    await app.user.click(screen.getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'About your farm' });
    for (let i = 0; i < 3; i++) await app.user.click(screen.getByRole('button', { name: 'Next' }));
    const finish = screen.getByRole('button', { name: 'Finish' });
    fireEvent.click(finish);
    fireEvent.click(finish);
    await waitFor(() => expect(app.location()).not.toMatch(/^\/insight/));
    expect(s.callsTo('POST', '/client/saveInsightSurvey').map((c) => c.body)).toEqual([
      { UID: s.state.user.U_ID, answers: complete, fromWelcomePage: true },
    ]);
    expect(s.callsTo('POST', '/client/saveInsightStorages')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 800));
    expect(app.location()).not.toMatch(/^\/insight/);
  });
});

describe('the survey wizard (spec doc 1 §2, §4, §5, §9)', () => {
  const slider = (name: string) => screen.getByRole('slider', { name });
  const press = (el: HTMLElement, key: string, times = 1) => {
    for (let i = 0; i < times; i++) fireEvent.keyDown(el, { key });
  };

  it('walks Hay, Scale, Storage and Ready with each step’s Next rule, and finishes once', async () => {
    const onFinish = vi.fn(() => new Promise<boolean>((r) => setTimeout(() => r(true), 50)));
    const { user } = renderWithProviders(
      <SurveyWizard initial={emptySurvey()} mode="onboarding" onFinish={onFinish} />,
    );
    const next = () => screen.getByRole('button', { name: 'Next' });
    const problem = () => screen.queryByTestId('step-problem')?.textContent;

    // Hay: activity, a text for "other", hay type, cuts above 0 or not applicable.
    expect(next()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('radio', { name: 'Bales' }));
    expect(problem()).toBe('Describe your activity.');
    await user.type(screen.getByRole('textbox', { name: 'Your activity' }), 'Horses');
    expect(problem()).toBe('Set the cuts a year, or tick Not applicable.');
    press(slider('Cuts a year'), 'End');
    expect(slider('Cuts a year').getAttribute('aria-valuenow')).toBe('8');
    press(slider('Cuts a year'), 'Home');
    expect(next()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Not applicable' }));
    expect(next()).toHaveProperty('disabled', false);
    await user.click(next());

    // Scale: the volume on its non-linear scale, bale type, bale weight 0–1000 kg / 0–2000 lb step 50.
    expect(problem()).toBe('Set the yearly volume.');
    const volume = slider('Bales a year');
    press(volume, 'End');
    expect(screen.getByTestId('volume-value').textContent).toBe('50000');
    press(volume, 'ArrowLeft');
    expect(screen.getByTestId('volume-value').textContent).toBe('49600');
    press(volume, 'Home');
    press(volume, 'ArrowRight', 3);
    expect(screen.getByTestId('volume-value').textContent).toBe('30');
    await user.click(screen.getByRole('radio', { name: 'Round' }));
    expect(problem()).toBe('Set the weight of a bale.');
    const weight = slider('Weight of a bale (kg)');
    press(weight, 'End');
    expect(weight.getAttribute('aria-valuenow')).toBe('1000');
    await user.click(screen.getByRole('button', { name: 'lb' }));
    press(slider('Weight of a bale (lb)'), 'End');
    expect(slider('Weight of a bale (lb)').getAttribute('aria-valuenow')).toBe('2000');
    press(slider('Weight of a bale (lb)'), 'ArrowLeft');
    expect(slider('Weight of a bale (lb)').getAttribute('aria-valuenow')).toBe('1950');
    expect(next()).toHaveProperty('disabled', false);
    await user.click(next());

    // Storage: a month range and storages 0–10; the list grows and shrinks with the count.
    expect(problem()).toBe('Set how long the hay stays in storage.');
    press(screen.getByRole('slider', { name: 'To month' }), 'ArrowRight', 4);
    expect(problem()).toBe('Add at least one storage.');
    const count = slider('Storages on site');
    press(count, 'ArrowRight', 3);
    const list = screen.getByRole('list', { name: 'Storages' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Storage 1'),
      expect.stringContaining('Storage 2'),
      expect.stringContaining('Storage 3'),
    ]);
    press(count, 'ArrowLeft', 2);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(problem()).toBe('Give every storage a name and a type.');

    // The storage dialog: Apply needs a name and a type; capacity up to the volume (30) by 100s.
    await user.click(screen.getByRole('button', { name: 'Edit Storage 1' }));
    const dialog = await screen.findByRole('dialog');
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Warehouse' }));
    expect(apply).toHaveProperty('disabled', false);
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    expect(apply).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Hay barn');
    await user.click(apply);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getByText('Hay barn')).toBeTruthy();
    expect(next()).toHaveProperty('disabled', false);
    await user.click(next());

    // Ready: Finish, sent once however often it is pressed.
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeTruthy();
    const finish = screen.getByRole('button', { name: 'Finish' });
    fireEvent.click(finish);
    fireEvent.click(finish);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]).toEqual([
      expect.objectContaining({
        activityType: 'other',
        activityOther: 'Horses',
        hayType: 'bales',
        yearlyCuts: -1,
        balesPerYear: 30,
        balesType: 'round',
        weightUnit: 'lb',
        balesWeight: 1950,
        storageTime: [0, 4],
        storagesNumber: 1,
        storages: [expect.objectContaining({ id: 1, name: 'Hay barn', type: 'warehouse' })],
      }),
    ]);
  });

  it('lets loose hay pass the Scale step on its tons alone, and Back returns a step', async () => {
    const { user } = renderWithProviders(
      <SurveyWizard
        initial={{ ...emptySurvey(), activityType: 'hay', hayType: 'loose', yearlyCuts: 2 }}
        mode="onboarding"
        onFinish={() => Promise.resolve(true)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('radio', { name: 'Round' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Tons a year' }), { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Loose hay' })).toHaveProperty('checked', true);
  });
});

describe('the survey answers in the account area (spec doc 2 §1, §2.8)', () => {
  it('links an Insight account to its answers, edits them and saves the answers alone', async () => {
    const insight: Service = {
      plan: 2,
      trial: 0,
      started: 1,
      period: 12,
      expDate: null,
      surveyCompleted: true,
    };
    const s = createFakeServer({
      loggedIn: true,
      user: { plans: [hayPlan], service: insight, country: 'FI' },
    });
    withAccount(s);
    s.override('GET /client/getInsightSurvey', () => json({ status_code: 0, data: complete }));
    s.override('POST /client/saveInsightSurvey', () => json({ status_code: 0, service: insight }));
    const app = renderPage('/account/services', s);
    await app.user.click(await screen.findByRole('link', { name: 'Survey answers' }, { timeout: 8000 }));
    await waitFor(() => expect(app.location()).toBe('/insight/answers'));
    expect(await screen.findByRole('heading', { name: 'Survey answers' })).toBeTruthy();
    // Pre-filled from the saved answers.
    expect(screen.getByRole('radio', { name: 'Dairy' })).toHaveProperty('checked', true);
    await app.user.click(screen.getByRole('checkbox', { name: 'Not applicable' }));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    // The storage step edits the storage time only: the storages are the account's by now.
    expect(screen.queryByRole('slider', { name: 'Storages on site' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.location()).toBe('/account/services'));
    expect(s.callsTo('POST', '/client/saveInsightSurvey').map((c) => c.body)).toEqual([
      { UID: s.state.user.U_ID, answers: { ...complete, yearlyCuts: -1 }, fromWelcomePage: false },
    ]);
    expect(s.callsTo('POST', '/client/saveInsightStorages')).toHaveLength(0);
  });
});

describe('the survey answers for those who only look (decisions 0014, 0036)', () => {
  it('shows a sub-user the answers without Save and without the move to the app', async () => {
    const insight: Service = {
      plan: 2,
      trial: 0,
      started: 1,
      period: 12,
      expDate: null,
      surveyCompleted: true,
    };
    const s = createFakeServer({ loggedIn: true, user: { plans: [hayPlan], service: insight } });
    withAccount(s, false);
    s.override('GET /client/getInsightSurvey', () => json({ status_code: 0, data: complete }));
    const app = renderPage('/account/services', s);
    const answers = await screen.findByRole('link', { name: 'Survey answers' }, { timeout: 8000 });
    expect(screen.queryByRole('link', { name: 'Move to the Insight app' })).toBeNull();
    await app.user.click(answers);
    expect(await screen.findByRole('heading', { name: 'Survey answers' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});

describe('the migration screen (spec doc 1 §2, §8)', () => {
  it('shows the migration error text for a non-zero status and goes to /login when the server names no app', async () => {
    const insight: Service = {
      plan: 2,
      trial: 0,
      started: 1,
      period: 12,
      expDate: null,
      surveyCompleted: true,
    };
    const s = createFakeServer({ loggedIn: true, user: { plans: [hayPlan], service: insight } });
    withAccount(s);
    let status = 1;
    s.override('POST /testMigrationCall', () =>
      json(
        status === 1
          ? { status_code: 1, key: null, url: null, error: 'The migration is not open yet.' }
          : { status_code: 0, key: 'k', url: null },
      ),
    );
    const app = renderApp('/account/services', s);
    await app.user.click(
      await screen.findByRole('link', { name: 'Move to the Insight app' }, { timeout: 8000 }),
    );
    expect(await screen.findByRole('heading', { name: 'Insight has its own app' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'The account could not be moved to Insight. Please try again or contact support.',
      ),
    ).toBeTruthy();
    status = 0;
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(s.callsTo('POST', '/testMigrationCall').map((c) => c.body)).toEqual([
      { UID: s.state.user.U_ID },
      { UID: s.state.user.U_ID },
    ]);
  });

  it.each([
    ['https://app.example.com/in', 'abc', 'https://app.example.com/in?key=abc'],
    ['https://app.example.com/in?from=ew', 'a b', 'https://app.example.com/in?from=ew&key=a+b'],
    ['javascript:alert(1)', 'abc', null],
    ['not a url', 'abc', null],
  ])('sends %s with key %s to %s', (url, key, target) => {
    expect(migrationTarget(url, key)).toBe(target);
  });
});
