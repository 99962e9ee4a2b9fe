import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an e-mail's acknowledgement link works: a week covers a holiday's unread mail. */
export const ACK_LINK_TTL_S = 7 * 86_400;

/**
 * How long a pushed alert's Acknowledge action works (decision 0129): two days — a phone that was off
 * overnight still acknowledges from the notification; the repeats bring fresh tokens meanwhile.
 */
export const PUSH_ACK_TTL_S = 2 * 86_400;

/** The name of the generated key in delivery_keys. */
export const ACK_LINK_KEY_NAME = 'ack-links';

/** What a presented link is: good, good but too old, or not ours (forged, changed, cut short). */
export type AckLinkCheck = 'valid' | 'expired' | 'invalid';

/** Where the generated key is kept: the delivery repository's key/keepKey. */
export interface AckLinkKeyStore {
  key(name: string): Promise<string | undefined>;
  keepKey(name: string, value: string, nowS: number): Promise<string>;
}

/**
 * The e-mail's acknowledgement link (issue 12 item 4, issue 27 item 8, decision 0068): names one
 * group of delivered alerts (its `a` parameter; decision 0067), one recipient and when it stops working, signed with this installation's own key,
 * so it cannot be forged, moved to another alert or person, or made to last longer. Following it
 * shows a page with a button; only the button's POST acknowledges — mail scanners that open every
 * link must not acknowledge an alert nobody has seen.
 *
 * The key is never derived from a default anyone can read: either the operator's ACK_LINK_SECRET, or
 * 32 random bytes made at the first start and kept in the store (the first instance's wins when two
 * start together, so every instance signs and checks alike).
 */
export class AckLinks {
  constructor(
    private readonly key: Buffer,
    private readonly publicUrl: string,
    private readonly nowS: () => number,
  ) {}

  /** The links of this installation: the configured secret's, else the stored key (made once). */
  static async start(opts: {
    store: AckLinkKeyStore;
    /** ACK_LINK_SECRET; undefined: the generated key. */
    secret: string | undefined;
    publicUrl: string;
    nowS: () => number;
  }): Promise<AckLinks> {
    let key: Buffer;
    if (opts.secret) {
      key = createHmac('sha256', opts.secret).update('emberwatch delivery acknowledgement links').digest();
    } else {
      const stored =
        (await opts.store.key(ACK_LINK_KEY_NAME)) ??
        (await opts.store.keepKey(ACK_LINK_KEY_NAME, randomBytes(32).toString('base64url'), opts.nowS()));
      key = Buffer.from(stored, 'base64url');
    }
    return new AckLinks(key, opts.publicUrl, opts.nowS);
  }

  sign(groupId: number, userId: number, expiresS: number): string {
    return createHmac('sha256', this.key)
      .update(`ack-group:${groupId}:${userId}:${expiresS}`)
      .digest('base64url');
  }

  /** A link made now, working for ACK_LINK_TTL_S. */
  link(groupId: number, userId: number): string {
    const e = this.nowS() + ACK_LINK_TTL_S;
    return `${this.publicUrl}/delivery/ack?a=${groupId}&u=${userId}&e=${e}&s=${this.sign(groupId, userId, e)}`;
  }

  /** The signature first (a changed expiry is a forged link), then the time. */
  check(groupId: number, userId: number, expiresS: number, signature: string): AckLinkCheck {
    return this.verify(this.sign(groupId, userId, expiresS), signature, expiresS);
  }

  /**
   * A pushed alert's acknowledgement token (decision 0129): "group.user.expiry.signature", working for
   * PUSH_ACK_TTL_S. Signed under its own label, so an e-mail link's signature is no push token (and the
   * other way round).
   */
  pushToken(groupId: number, userId: number): string {
    const e = this.nowS() + PUSH_ACK_TTL_S;
    return `${groupId}.${userId}.${e}.${this.signPush(groupId, userId, e)}`;
  }

  /** What a presented push token is, and what it names when it is well formed. */
  checkPushToken(token: string): { check: AckLinkCheck; groupId: number; userId: number } {
    const m = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{1,100})$/.exec(token);
    if (!m) return { check: 'invalid', groupId: 0, userId: 0 };
    const [groupId, userId, expiresS] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return {
      check: this.verify(this.signPush(groupId, userId, expiresS), m[4]!, expiresS),
      groupId,
      userId,
    };
  }

  private signPush(groupId: number, userId: number, expiresS: number): string {
    return createHmac('sha256', this.key)
      .update(`push-ack:${groupId}:${userId}:${expiresS}`)
      .digest('base64url');
  }

  private verify(wanted: string, signature: string, expiresS: number): AckLinkCheck {
    const want = Buffer.from(wanted);
    const got = Buffer.from(signature);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
    return this.nowS() > expiresS ? 'expired' : 'valid';
  }
}
