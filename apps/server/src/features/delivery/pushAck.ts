import type { AcknowledgeFromPushResponse } from '@emberwatch/shared/contracts/delivery';
import { ApiError } from '../../http/ApiError.js';
import type { AckLinks } from './ackLinks.js';
import type { ChannelAcks } from './channelAcks.js';

/**
 * A pushed alert's Acknowledge action (issue 35 item 3, decision 0129): the token is the only credential
 * — made by this server for one recipient and one alert group, signed with its key, working for two
 * days. A token that is not ours (forged, changed, cut short) is refused (403) and one past its time too
 * (410), both changing nothing; a group that no longer exists is not found. Otherwise the group is
 * acknowledged for the token's recipient as an SMS "OK" or the e-mail's link would (its alerts in their
 * monitors, a logbook line, repeats stopped); a second press acknowledges nothing more.
 */
export async function acknowledgeFromPush(
  links: Pick<AckLinks, 'checkPushToken'>,
  acks: Pick<ChannelAcks, 'pushAction'>,
  token: string,
): Promise<AcknowledgeFromPushResponse> {
  const { check, groupId, userId } = links.checkPushToken(token);
  if (check === 'invalid') throw ApiError.forbidden('This acknowledgement link is not valid.');
  if (check === 'expired')
    throw new ApiError(
      410,
      'This acknowledgement link has expired. Open the alert in Emberwatch to acknowledge it.',
    );
  const acknowledged = await acks.pushAction(groupId, userId);
  if (acknowledged === null) throw ApiError.notFound('This alert no longer exists.');
  return { status_code: 0, acknowledged };
}
