import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffChangeResponse } from '@emberwatch/shared/contracts/staff';
import type { RegistrationStatus } from '@emberwatch/shared/contracts/masterUsers';
import { parseGariExport } from '@emberwatch/shared/domain/gariMigration/gariExport';
import type { DeliveryTables } from '../src/features/delivery/delivery.tables.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const HAY_PHONE = '+12025550101';
const COMPOST_MAIL = 'compost@example.com';
const HOUR_S = 3600;
const CODE = /\b\d{4}\b/;

const SAMPLE = readFileSync(new URL('./fixtures/gari-export-sample.json', import.meta.url), 'utf8');
const parsed = parseGariExport(SAMPLE);
if (!parsed.ok) throw new Error(`the sample does not parse: ${parsed.problem}`);
// The sample's first account is Finnish (language "fi"), its phone +358 40 123 4567.
const NIEMI = parsed.accounts[0]!;

/**
 * Decision 0107, amended: the codes, the recovery texts and the staff account e-mail come from the
 * server texts (serverCodes, serverMail.staffAccount), in the recipient's language — the one chosen in
 * the settings, else the account's — and a translator's save words the next one.
 */
describe(`codes, recovery texts and the staff e-mail in the recipient's language, on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? bearer(tokens[who]!) : {} });
  /** The root admin saves a text in the translations editor. */
  const translate = async (locale: string, key: string, text: string) => {
    const res = await call('POST', '/admin/updateTranslations', 'admin', { locale, data: { key, text } });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The newest message the outbox holds for an address. */
  const lastTo = async (address: string) =>
    t.store.db
      .withTables<DeliveryTables>()
      .selectFrom('delivery_messages')
      .select(['channel', 'subject', 'body'])
      .where('address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const login = async () => {
    for (const u of ['admin', 'hay']) tokens[u] = await t.login(`${u}@demo.emberwatch`);
  };
  /** Past every pacing of codes and recovery requests (and the access tokens' life: log in again). */
  const later = async () => {
    clock += HOUR_S;
    await login();
  };

  beforeAll(async () => {
    // No providers: every message stays in the outbox with its text. With them, the delivery worker
    // could send a code before the test reads it, and a sent code's text is not kept (decision 0045).
    t = await createTestApp({ nowS: () => clock, standIns: false });
    await login();
    // hay chose German in its settings, compost Finnish (set by staff). The account's own language
    // when nothing was chosen is the Gari account's below (and the staff account's).
    const hay = await call('POST', '/client/uiPrefs', 'hay', { prefs: { language: 'de' } });
    expect(hay.statusCode, hay.body).toBe(200);
    const compost = (await t.findUser('compost@demo.emberwatch'))!;
    const prefs = { prefs: { language: 'fi' }, UID: compost.id };
    expect((await call('POST', '/client/uiPrefs', 'admin', prefs)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("sends the account's phone code in the chosen language, and a saved text at the next code", async () => {
    const send = () => call('POST', '/client/changeUserPhone', 'hay', { newPhone: HAY_PHONE });
    expect((await send()).statusCode).toBe(200);
    const first = await lastTo(HAY_PHONE);
    expect(first.channel).toBe('sms');
    expect(first.body).toMatch(
      /^Emberwatch: Ihr Bestätigungscode lautet \d{4}\. Er ist 10 Minuten gültig\.$/,
    );

    await translate('de', 'serverCodes.phone.sms', 'Ihr Emberwatch-Code: {code}');
    await later();
    expect((await send()).statusCode).toBe(200);
    const next = await lastTo(HAY_PHONE);
    expect(next.body).toMatch(/^Ihr Emberwatch-Code: \d{4}$/);
    const ok = await call('POST', '/admin/confirmMobile', 'hay', { code: CODE.exec(next.body)![0] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('sends the password reset code by SMS and by e-mail in the recipient language, and a saved text next', async () => {
    const ask = (username: string) =>
      call('GET', `/client/getPasswordCodeByUsername?username=${encodeURIComponent(username)}`);
    // hay: to its confirmed phone, in German.
    await later();
    expect((await ask('hay@demo.emberwatch')).statusCode).toBe(200);
    expect((await lastTo(HAY_PHONE)).body).toMatch(
      /^Emberwatch: Ihr Code zum Zurücksetzen des Passworts lautet \d{4}\. Er ist 10 Minuten gültig\.$/,
    );
    // compost: no confirmed phone, so by e-mail, in the account's Finnish.
    expect((await ask('compost@demo.emberwatch')).statusCode).toBe(200);
    const mail = await lastTo(COMPOST_MAIL);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Emberwatch-salasanan palautuskoodi' });
    expect(mail.body).toMatch(
      /^Emberwatch: salasanan palautuskoodisi on \d{4}\. Se on voimassa 10 minuuttia\./,
    );
    expect(mail.body).toContain(
      'Jos et pyytänyt sitä, voit jättää tämän viestin huomiotta: salasanasi pysyy ennallaan.',
    );

    await translate('de', 'serverCodes.password.sms', 'Passwort-Code {code}');
    await translate('fi', 'serverCodes.password.subject', 'Salasanakoodi');
    await later();
    expect((await ask('hay@demo.emberwatch')).statusCode).toBe(200);
    expect((await ask('compost@demo.emberwatch')).statusCode).toBe(200);
    expect((await lastTo(HAY_PHONE)).body).toMatch(/^Passwort-Code \d{4}$/);
    expect(await lastTo(COMPOST_MAIL)).toMatchObject({ subject: 'Salasanakoodi' });
  });

  it('sends the forgotten usernames by SMS and by e-mail in the recipient language, and a saved text next', async () => {
    await later();
    expect(
      (await call('GET', `/client/getUsernameSMS?phone=${encodeURIComponent(HAY_PHONE)}`)).statusCode,
    ).toBe(200);
    expect((await lastTo(HAY_PHONE)).body).toBe(
      'Emberwatch: der Benutzername zu dieser Telefonnummer: hay@demo.emberwatch',
    );
    const byMail = () => call('GET', `/client/getUsernameEmail?email=${encodeURIComponent(COMPOST_MAIL)}`);
    expect((await byMail()).statusCode).toBe(200);
    expect(await lastTo(COMPOST_MAIL)).toEqual({
      channel: 'email',
      subject: 'Emberwatch-käyttäjätunnuksesi',
      body:
        'Emberwatch: tämän sähköpostiosoitteen käyttäjätunnus: compost@demo.emberwatch\n\n' +
        'Jos et pyytänyt sitä, voit jättää tämän viestin huomiotta.',
    });

    await translate('de', 'serverCodes.username.sms', 'Benutzername(n): {usernames}');
    await translate('fi', 'serverCodes.username.email', 'Käyttäjätunnukset: {usernames}');
    await later();
    expect(
      (await call('GET', `/client/getUsernameSMS?phone=${encodeURIComponent(HAY_PHONE)}`)).statusCode,
    ).toBe(200);
    expect((await byMail()).statusCode).toBe(200);
    expect((await lastTo(HAY_PHONE)).body).toBe('Benutzername(n): hay@demo.emberwatch');
    expect((await lastTo(COMPOST_MAIL)).body).toMatch(/^Käyttäjätunnukset: compost@demo\.emberwatch\n\n/);
  });

  it("sends a master registration's code in the language its page sent, and a saved text next", async () => {
    const register = async (username: string, phone: string, language: string) => {
      const reg = await call('POST', '/client/registerMasterUser', undefined, {
        username,
        name: 'Ana Savjetnica',
        email: `${username}@example.com`,
        password: 'secret-5',
        phone,
        language,
      });
      expect(reg.statusCode, reg.body).toBe(200);
      const { registration } = reg.json<RegistrationStatus>();
      const sent = await call('POST', '/client/activateMasterPhone', undefined, { registration });
      expect(sent.statusCode, sent.body).toBe(200);
      return (await lastTo(phone)).body;
    };
    expect(await register('advisor.ana', '+385911112233', 'hr')).toMatch(
      /^Emberwatch: vaš kod za potvrdu je \d{4}\. Vrijedi 10 minuta\.$/,
    );
    await translate('hr', 'serverCodes.phone.sms', 'Kod za Emberwatch: {code}');
    expect(await register('advisor.iva', '+385911112244', 'hr')).toMatch(/^Kod za Emberwatch: \d{4}$/);
  });

  it("sends the Gari migration's phone code in the migrated account's language, and a saved text next", async () => {
    const migrated = await call('POST', '/admin/migrateGariUser', 'admin', { account: NIEMI });
    expect(migrated.statusCode, migrated.body).toBe(200);
    const phone = '+358401234567';
    const send = () => call('POST', '/admin/confirmGariMobile', 'admin', { gari_id: NIEMI.gari_id });
    expect((await send()).statusCode).toBe(200);
    expect((await lastTo(phone)).body).toMatch(
      /^Emberwatch: vahvistuskoodisi on \d{4}\. Se on voimassa 10 minuuttia\.$/,
    );
    await translate('fi', 'serverCodes.phone.sms', 'Emberwatch-koodi: {code}');
    await later();
    expect((await send()).statusCode).toBe(200);
    expect((await lastTo(phone)).body).toMatch(/^Emberwatch-koodi: \d{4}$/);
  });

  it("mails a new staff account in its maker's language, which the account keeps, and a saved text next", async () => {
    const prefs = await call('POST', '/client/uiPrefs', 'admin', { prefs: { language: 'nl' } });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const add = async (username: string) => {
      const res = await call('POST', '/admin/addAdminUser', 'admin', {
        kind: 'new',
        username,
        email: `${username}@example.com`,
        admin_group: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        uid: res.json<StaffChangeResponse>().user!.UID,
        mail: await lastTo(`${username}@example.com`),
      };
    };
    const first = await add('nieuwe-tech');
    expect(first.mail).toEqual({
      channel: 'email',
      subject: 'Uw Emberwatch-medewerkersaccount',
      body:
        'admin@demo.emberwatch heeft een Emberwatch-medewerkersaccount (Tech) voor u aangemaakt. ' +
        'Uw gebruikersnaam is nieuwe-tech. Om uw wachtwoord te kiezen, opent u de inlogpagina, kiest u ' +
        '„Wachtwoord of gebruikersnaam vergeten?” en vult u uw gebruikersnaam in: er komt een code naar dit adres.',
    });
    expect((await t.findUser('nieuwe-tech'))?.language).toBe('nl');

    await translate('nl', 'serverMail.staffAccount.subject', 'Welkom bij het Emberwatch-team');
    expect((await add('tweede-tech')).mail.subject).toBe('Welkom bij het Emberwatch-team');
  });
});
