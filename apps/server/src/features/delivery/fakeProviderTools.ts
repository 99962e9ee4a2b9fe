import type { FakeSmsMessage } from '@emberwatch/shared/contracts/delivery';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { StandInPlay } from './channels/standInPlay.js';
import type { DeliveryRepository } from './delivery.repository.js';
import { e164 } from './deliveryPlan.js';

/**
 * The operator's hands on the SMS and voice stand-in (decision 0086): a reply from a phone, a key
 * pressed in a call, the messages it received. Operator tools each (OPERATOR_TOOLS: fakeProviderPlay,
 * fakeProviderRead), asked here and not in the routes (decision 0084).
 */
export class FakeProviderTools {
  constructor(
    private readonly play: StandInPlay | undefined,
    private readonly repo: Pick<DeliveryRepository, 'messageById'>,
    private readonly publicUrl: string,
  ) {}

  async reply(actor: Actor, body: { from: string; body: string }): Promise<number> {
    assertOperator(actor, 'fakeProviderPlay');
    const play = this.play;
    if (!play) throw ApiError.invalid('A real SMS provider is configured: replies come from phones.');
    return play.reply(e164(body.from), body.body, `${this.publicUrl}/delivery/sms/inbound`);
  }

  async pressKeys(actor: Actor, body: { messageId: number; digits: string }): Promise<number> {
    assertOperator(actor, 'fakeProviderPlay');
    const play = this.play;
    if (!play) throw ApiError.invalid('A real voice provider is configured: keys are pressed on phones.');
    const call = await this.repo.messageById(body.messageId);
    if (call?.channel !== 'voice' || call.provider_id === null)
      throw ApiError.notFound('No voice call the provider placed has this id.');
    const providerStatus = await play.pressKeys(call.provider_id, body.digits);
    if (providerStatus === 404) throw ApiError.notFound('The fake provider does not know this call.');
    return providerStatus;
  }

  async messages(actor: Actor, q: { limit: number; to?: string | undefined }): Promise<FakeSmsMessage[]> {
    assertOperator(actor, 'fakeProviderRead');
    const play = this.play;
    if (!play) throw ApiError.invalid('A real SMS provider is configured: its messages are on phones.');
    const to = q.to === undefined ? undefined : e164(q.to);
    return (await play.messages({ ...(to === undefined ? {} : { to }), limit: q.limit })).map((m) => ({
      to: m.to,
      from: m.from,
      body: m.body,
      ts: Math.floor(m.acceptedAt / 1000),
    }));
  }
}
