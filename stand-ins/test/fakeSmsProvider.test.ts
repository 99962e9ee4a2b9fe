import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsProvider, twilioSignature, type FakeSmsProvider } from '../src/index.js';

/**
 * The SMS and voice stand-in as the server sees it: Twilio's Messages.json and Calls.json, and the play
 * calls under /stand-in/ that the admin's Outbox uses (decision 0086), which post to our callbacks
 * signed as Twilio signs them.
 */
describe('the SMS and voice stand-in', () => {
  let sms: FakeSmsProvider;
  let callbacks: Server;
  let callbackUrl = '';
  const received: { url: string; signature: string; params: Record<string, string> }[] = [];
  const basic = () => `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  const send = (resource: 'Messages' | 'Calls', form: Record<string, string>, auth = basic()) =>
    fetch(`${sms.apiUrl}/2010-04-01/Accounts/${sms.accountSid}/${resource}.json`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
  const play = (path: string, body?: object, auth = basic()) =>
    fetch(`${sms.apiUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: auth, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    sms = await startFakeSmsProvider();
    // Our side of the callbacks: records what the provider posted and answers 200.
    callbacks = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          url: `${callbackUrl}${req.url}`,
          signature: String(req.headers['x-twilio-signature']),
          params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        });
        res.writeHead(200, { 'content-type': 'text/xml' }).end('<Response/>');
      });
    });
    await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', () => resolve()));
    const address = callbacks.address();
    callbackUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await sms.close();
    await new Promise<void>((resolve) => callbacks.close(() => resolve()));
  });

  it('accepts an SMS with the account and refuses a wrong token or number, as Twilio does', async () => {
    const ok = await send('Messages', { To: '+358401234567', From: '+358400000001', Body: 'Hot: 61 °C' });
    expect(ok.status).toBe(201);
    const accepted = (await ok.json()) as { sid: string; status: string };
    expect(accepted.status).toBe('queued');
    expect(accepted.sid).toMatch(/^SM/);
    const wrong = await send('Messages', { To: '+358401234567', Body: 'x' }, 'Basic eDp5');
    expect(wrong.status).toBe(401);
    const bad = await send('Messages', { To: '12', Body: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 21211 });
  });

  it('lists what it accepted through its play call, newest first, to the account only', async () => {
    await send('Messages', { To: '+358409999999', From: '+358400000001', Body: 'second' });
    const res = await play('/stand-in/messages?kind=sms&limit=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ messages: [{ to: '+358409999999', body: 'second' }] });
    const to = await play(`/stand-in/messages?to=${encodeURIComponent('+358401234567')}`);
    expect(((await to.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    expect((await play('/stand-in/messages', undefined, 'Basic eDp5')).status).toBe(401);
  });

  it("plays a person's SMS reply: posted to the given URL, signed with the account's token", async () => {
    const res = await play('/stand-in/replies', {
      from: '+358401234567',
      body: 'OK 12',
      url: `${callbackUrl}/delivery/sms/inbound`,
    });
    expect(await res.json()).toEqual({ status: 200 });
    const reply = received.at(-1)!;
    expect(reply.params).toMatchObject({ From: '+358401234567', To: '+358400000001', Body: 'OK 12' });
    expect(reply.signature).toBe(twilioSignature(sms.authToken, reply.url, reply.params));
  });

  it("plays a key pressed in a call, posted to the call's Gather action", async () => {
    const action = `${callbackUrl}/delivery/voice/gather?m=7&amp;x=1`;
    const call = await send('Calls', {
      To: '+12025550101',
      From: '+12025550143',
      Twiml: `<Response><Gather numDigits="1" action="${action}" method="POST"><Say>Hot</Say></Gather></Response>`,
    });
    const { sid } = (await call.json()) as { sid: string };
    const res = await play(`/stand-in/calls/${sid}/keys`, { digits: '1' });
    expect(await res.json()).toEqual({ status: 200 });
    const pressed = received.at(-1)!;
    expect(pressed.url).toBe(`${callbackUrl}/delivery/voice/gather?m=7&x=1`);
    expect(pressed.params).toMatchObject({ CallSid: sid, Digits: '1', From: '+12025550101' });
    expect(pressed.signature).toBe(twilioSignature(sms.authToken, pressed.url, pressed.params));
    expect((await play('/stand-in/calls/CAnone/keys', { digits: '1' })).status).toBe(404);
  });
});
