import { fillPlaceholders } from '@emberwatch/shared/domain/fillPlaceholders';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deliveryEndpoints } from '@emberwatch/shared/contracts/delivery';
import { ApiError } from '../../http/ApiError.js';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import { ACK_LINK_TTL_S, type AckLinks } from './ackLinks.js';
import { acceptedLanguage, wordsFor } from './alertTexts.js';
import type { ServerTexts } from '../translations/index.js';
import type { ChannelAcks } from './channelAcks.js';
import { acknowledgeFromPush } from './pushAck.js';
import { validTwilioSignature } from './channels/twilioSignature.js';
import type { FakeProviderTools } from './fakeProviderTools.js';
import type { DeliveryService } from './delivery.service.js';

export interface DeliveryRouteContext {
  authenticate: Authenticate;
  service: DeliveryService;
  acks: ChannelAcks;
  /** The installation's links (made at the feature's start). */
  ackLinks: () => AckLinks;
  /** The language of a recipient's pages (the ack link's), by user id. */
  languageOf: (userId: number) => Promise<string>;
  /** The server texts the pages are worded with (decision 0107). */
  texts: () => Promise<ServerTexts>;
  publicUrl: string;
  /** The SMS/voice provider's auth token (the real one or the stand-in's): inbound callbacks are signed with it. */
  providerToken: () => string | undefined;
  /** The operator's hands on the SMS and voice stand-in (its play calls). */
  fakeTools: FakeProviderTools;
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const twiml = (reply: FastifyReply, inner: string) =>
  reply
    .type('text/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`);

/** A small page in the recipient's language (the e-mail link's), with the house's colours. */
function page(reply: FastifyReply, status: number, language: string, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(
      `<!doctype html><html lang="${escapeXml(language)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeXml(title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em">` +
        `<h1 style="font-size:1.4em">${escapeXml(title)}</h1>${body}</body></html>`,
    );
}

/** Provider callbacks and the mail link's page are not API calls: kept out of the API's document. */
const HIDDEN = { schema: { hide: true } };

/**
 * Delivery's calls: the user's log, the admin's outbox, and the channels' way back in — the SMS
 * provider's inbound message and key-press callbacks (Twilio's signature checked, each acted on once)
 * and the e-mail's acknowledgement link (a page, then a POST).
 */
export function deliveryRoutes(ctx: DeliveryRouteContext) {
  return (app: FastifyInstance): void => {
    // Providers post forms; parsed here, in this feature's scope only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const signed = (req: FastifyRequest): Record<string, string> => {
      const token = ctx.providerToken();
      const params = (req.body ?? {}) as Record<string, string>;
      const sig = req.headers['x-twilio-signature'];
      if (
        !token ||
        !validTwilioSignature(
          token,
          `${ctx.publicUrl}${req.url}`,
          params,
          typeof sig === 'string' ? sig : undefined,
        )
      )
        throw ApiError.forbidden('The request is not signed by the provider.');
      return params;
    };

    app.post('/delivery/sms/inbound', HIDDEN, async (req, reply) => {
      const p = signed(req);
      if (!p.MessageSid || !p.From) throw ApiError.invalid('MessageSid and From are required.');
      const answer = await ctx.acks.smsReply({ providerId: p.MessageSid, from: p.From, body: p.Body ?? '' });
      return twiml(reply, answer ? `<Message>${escapeXml(answer)}</Message>` : '');
    });

    app.post('/delivery/voice/gather', HIDDEN, async (req, reply) => {
      const p = signed(req);
      const messageId = Number((req.query as { m?: string }).m);
      if (!Number.isInteger(messageId) || !p.CallSid)
        throw ApiError.invalid('The call and message are required.');
      const answer = await ctx.acks.voiceKey({
        providerId: `${p.CallSid}:${messageId}`,
        messageId,
        digits: p.Digits ?? '',
      });
      return twiml(reply, answer ? `<Say>${escapeXml(answer)}</Say>` : '');
    });

    /** A link's parts, when they are well formed, and what the signature and the time say of them. */
    const linkOf = (q: unknown) => {
      const { a, u, e, s } = (q ?? {}) as { a?: string; u?: string; e?: string; s?: string };
      const groupId = Number(a);
      const userId = Number(u);
      const expiresS = Number(e);
      if (
        !Number.isSafeInteger(groupId) ||
        !Number.isSafeInteger(userId) ||
        !Number.isSafeInteger(expiresS) ||
        typeof s !== 'string'
      )
        return null;
      const check = ctx.ackLinks().check(groupId, userId, expiresS, s);
      return check === 'invalid' ? null : { groupId, userId, expiresS, s, expired: check === 'expired' };
    };
    const { languageOf } = ctx;
    /**
     * A link that is not ours (forged, changed, cut short) or past its week: a page that says so and
     * that nothing happened, acknowledging nothing. The page of a link we did sign speaks its
     * recipient's language; one we did not, the browser's.
     */
    const refused = async (
      req: FastifyRequest,
      reply: FastifyReply,
      link: ReturnType<typeof linkOf>,
    ): Promise<FastifyReply> => {
      const language = link
        ? await languageOf(link.userId)
        : acceptedLanguage(req.headers['accept-language']);
      const w = wordsFor(await ctx.texts(), language);
      const title = link
        ? fillPlaceholders(w.ackPageExpired, { days: ACK_LINK_TTL_S / 86_400 })
        : w.ackPageInvalid;
      return page(
        reply,
        link ? 410 : 400,
        language,
        title,
        `<p>${escapeXml(w.ackPageNothing)}</p><p><a href="${escapeXml(ctx.publicUrl)}/">${escapeXml(w.ackPageOpenApp)}</a></p>`,
      );
    };

    app.get('/delivery/ack', HIDDEN, async (req, reply) => {
      const link = linkOf(req.query);
      if (!link || link.expired) return refused(req, reply, link);
      const language = await languageOf(link.userId);
      const w = wordsFor(await ctx.texts(), language);
      const action = `/delivery/ack?a=${link.groupId}&u=${link.userId}&e=${link.expiresS}&s=${encodeURIComponent(link.s)}`;
      return page(
        reply,
        200,
        language,
        w.ackPageTitle,
        `<p>${escapeXml(w.ackPageText)}</p><form method="post" action="${escapeXml(action)}">` +
          `<button type="submit" style="font-size:1.1em;padding:.6em 1.4em;background:#b71c1c;color:#fff;border:0;border-radius:4px">${escapeXml(w.acknowledge)}</button></form>`,
      );
    });

    app.post('/delivery/ack', HIDDEN, async (req, reply) => {
      const link = linkOf(req.query);
      if (!link || link.expired) return refused(req, reply, link);
      const language = await languageOf(link.userId);
      const w = wordsFor(await ctx.texts(), language);
      if (!(await ctx.acks.emailLink(link.groupId, link.userId)))
        return page(reply, 404, language, w.ackPageInvalid, '');
      return page(reply, 200, language, w.ackPageTitle, `<p>${escapeXml(w.ackPageDone)}</p>`);
    });

    // A pushed alert's Acknowledge action: no session, its signed token is the credential (decision 0129).
    route(app, deliveryEndpoints.acknowledgeFromPush).handle(async (req) =>
      acknowledgeFromPush(ctx.ackLinks(), ctx.acks, req.body.token),
    );

    // The user API.
    void app.register((api, _opts, done) => {
      api.addHook('preValidation', ctx.authenticate);
      route(api, deliveryEndpoints.getDeliveryLog).handle(async (req) =>
        ctx.service.log(actorOf(req), req.query),
      );
      route(api, deliveryEndpoints.getOutbox).handle(async (req) =>
        ctx.service.outbox(actorOf(req), req.query),
      );
      route(api, deliveryEndpoints.acknowledgeDataBreak).handle(async (req) =>
        ctx.service.acknowledgeDataBreak(actorOf(req), req.body),
      );
      route(api, deliveryEndpoints.fakeSmsReply).handle(async (req) => ({
        status_code: 0 as const,
        providerStatus: await ctx.fakeTools.reply(actorOf(req), req.body),
      }));
      route(api, deliveryEndpoints.fakeCallKeys).handle(async (req) => ({
        status_code: 0 as const,
        providerStatus: await ctx.fakeTools.pressKeys(actorOf(req), req.body),
      }));
      route(api, deliveryEndpoints.fakeSmsMessages).handle(async (req) => ({
        status_code: 0 as const,
        results: await ctx.fakeTools.messages(actorOf(req), req.query),
      }));
      done();
    });
  };
}
