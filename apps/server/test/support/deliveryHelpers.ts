import { expect } from 'vitest';
import type { SaveMonitorResponse } from '@emberwatch/shared/contracts/monitors';
import { defaultAlertMessaging, type GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import { defaultRuleSettings } from '@emberwatch/shared/domain/rules/defaultRuleSettings';
import { twilioSignature } from '../../src/features/delivery/channels/twilioSignature.js';
import type { ChannelAcks } from '../../src/features/delivery/channelAcks.js';
import type { MonitorEvaluator } from '../../src/features/monitors/index.js';
import type { api } from './probeHelpers.js';
import type { TestApp } from './testApp.js';

export interface DeliveryExports {
  pump: () => Promise<void>;
  acks: ChannelAcks;
  watchDataBreaks: () => Promise<boolean>;
}

export const deliveryOf = (t: TestApp) =>
  t.features.find((f) => f.name === 'delivery')!.exports as DeliveryExports;
export const evaluatorOf = (t: TestApp) =>
  (t.features.find((f) => f.name === 'monitors')!.exports as { evaluator: MonitorEvaluator }).evaluator;

/**
 * Puts an ABS_MAX monitor (limit 60 °C; or the given rule) on the first storage of `username` at
 * `bsId`, with SMS and e-mail alert messaging to the account's owner (and Sentinel when asked).
 * Returns the storage id and its probes.
 */
export async function monitoredStorageWithMessaging(
  t: TestApp,
  call: ReturnType<typeof api>,
  who: string,
  username: string,
  bsId: string,
  channels: { sms?: boolean; email?: boolean; voice?: boolean; sentinel?: boolean } = {
    sms: true,
    email: true,
  },
  rule: { id: number; type: string; settings: unknown } = {
    id: 1,
    type: 'ABS_MAX',
    settings: { ...defaultRuleSettings('ABS_MAX'), alertLimit: 600 },
  },
): Promise<{ storageId: number; probes: string[]; ownerId: number }> {
  const owner = (await t.findUser(username))!;
  const res = await call.post(who, '/client/saveMonitor', {
    item: { name: 'Hot stack', rules: [rule], defaultMonitor: false, compost: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  const monitorId = res.json<SaveMonitorResponse>().item.itemID;
  const storages = (await call.get(who, '/client/getStorages')).json<GetStoragesResponse>().results;
  const {
    UID: _u,
    undefinedLayoutType: _l,
    updated_ts: _t,
    ...item
  } = storages.find((s) => s.BS_ID === bsId)!;
  const m = defaultAlertMessaging();
  m.sms = { active: Boolean(channels.sms), UIDS: [owner.id] };
  m.email = { active: Boolean(channels.email), UIDS: [owner.id] };
  m.voice = { ...m.voice, active: Boolean(channels.voice), UIDS: channels.voice ? [owner.id] : [] };
  m.sentinel = { active: Boolean(channels.sentinel) };
  const saved = await call.post(who, '/client/saveStorage', {
    item: { ...item, monitor: monitorId, alertMessaging: m },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const probes = await t.store.db
    .selectFrom('storage_probes')
    .select('sensor_id')
    .where('storage_id', '=', item.itemID)
    .orderBy('sensor_id')
    .execute();
  return { storageId: item.itemID, probes: probes.map((p) => p.sensor_id), ownerId: owner.id };
}

/** A provider callback (an SMS reply, a key pressed) as the provider posts it: form-encoded and signed. */
export function signedCallback(t: TestApp, publicUrl: string, url: string, params: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(t.standIns.sms.authToken, `${publicUrl}${url}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

/** An SMS reply from a phone; returns the text the server answers with ('' for none). */
export async function smsReplyFrom(
  t: TestApp,
  publicUrl: string,
  params: Record<string, string>,
): Promise<string> {
  const res = await signedCallback(t, publicUrl, '/delivery/sms/inbound', params);
  expect(res.statusCode).toBe(200);
  return /<Message>(.*)<\/Message>/.exec(res.body)?.[1] ?? '';
}

/** Quoted-printable bytes as UTF-8 text. */
function qp(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A mail's raw text with soft breaks, quoted-printable and encoded words undone (enough to find words). */
export function mailText(raw: string): string {
  return qp(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, b: string) => Buffer.from(b, 'base64').toString('utf8'))
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, q: string) => qp(q.replace(/_/g, ' '))),
  );
}
