import type { OtaOffer } from '@emberwatch/shared/contracts/firmware';

/**
 * Where the station route asks whether a firmware update is pending for the station that called (the
 * firmware feature answers, decision 0093); the offer goes into the packet's answer. It is asked after
 * the commit, so a packet that reports the new revision ends the update in the same answer.
 */
export interface OtaOffers {
  offerFor(bsId: string): Promise<OtaOffer | undefined>;
}
