import type {
  ActivateHaytechAppBSRequest,
  ActivateHaytechAppProbesetRequest,
} from '@emberwatch/shared/contracts/partnerApps';
import type { ActivateKitRequest, ActivateKitResponse } from '@emberwatch/shared/contracts/activation';
import { enforce, whoAmI, type AccessService, type Actor } from '../../http/access/index.js';
import { mayActivateUnderHaytechApp } from './partnerApps.policy.js';

/** The activation feature's claim by code: its rules, refusals and throttle (decision 0052). */
export type ActivateKit = (
  actor: Actor,
  req: ActivateKitRequest,
  address: string,
) => Promise<ActivateKitResponse>;

/**
 * The Haytech app's activations (decision 0117): this feature only decides that the account is a
 * hay-app account; the claim itself is the activation feature's, so a wrong code is 2, an activated
 * kit 3 and a kit of the Gari service 22, with the same texts, throttle and audit as the app's dialog.
 */
export class PartnerAppsService {
  constructor(
    private readonly access: AccessService,
    private readonly activateKit: ActivateKit,
  ) {}

  async activateBS(actor: Actor, req: ActivateHaytechAppBSRequest, address: string) {
    await this.assertHayApp(actor, req.UID);
    return this.activateKit(actor, { id: req.id, kind: 'system', UID: req.UID }, address);
  }

  async activateProbeset(actor: Actor, req: ActivateHaytechAppProbesetRequest, address: string) {
    await this.assertHayApp(actor, req.UID);
    return this.activateKit(actor, { id: req.id, kind: 'probes', UID: req.UID, BS_ID: req.BS_ID }, address);
  }

  /** The account the kit would join is a hay-app account (a sub-user's: its main user's). */
  private async assertHayApp(actor: Actor, uid: number | undefined): Promise<void> {
    const { account } = await this.access.accountScope(actor, uid);
    enforce(
      mayActivateUnderHaytechApp(whoAmI(actor), { partnerApp: account.partner_app }, uid !== undefined),
    );
  }
}
