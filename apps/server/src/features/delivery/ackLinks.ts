import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The e-mail's acknowledgement link (issue 12 item 4): names one delivered alert and one recipient,
 * signed with a key derived from the server's secret, so it cannot be forged or moved to another
 * alert. Following it shows a page with a button; only the button's POST acknowledges — mail
 * scanners that open every link must not acknowledge an alert nobody has seen.
 */
export class AckLinks {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly publicUrl: string,
  ) {
    this.key = createHmac('sha256', serverSecret)
      .update('emberwatch delivery acknowledgement links')
      .digest();
  }

  sign(alertId: number, userId: number): string {
    return createHmac('sha256', this.key).update(`ack:${alertId}:${userId}`).digest('base64url');
  }

  link(alertId: number, userId: number): string {
    return `${this.publicUrl}/delivery/ack?a=${alertId}&u=${userId}&s=${this.sign(alertId, userId)}`;
  }

  valid(alertId: number, userId: number, signature: string): boolean {
    const want = Buffer.from(this.sign(alertId, userId));
    const got = Buffer.from(signature);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
