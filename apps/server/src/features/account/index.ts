import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService, Actor } from '../../http/access/index.js';
import type { MessageTexts } from '../translations/index.js';
import { AccountRepository } from './account.repository.js';
import { accountRoutes } from './account.routes.js';
import { accountDb } from './account.tables.js';
import { RecordingCodeSender, type CodeSender } from './codeSender.js';
import { CODE_TTL_S } from './codes.js';
import { PasswordService, type PasswordHashing } from './password.service.js';
import { PhoneService } from './phone.service.js';
import { ProfileService } from './profile.service.js';
import { RecoveryService } from './recovery.service.js';
import { SubUserService } from './subUsers.service.js';

export type { CodeMessage, CodeSender } from './codeSender.js';

/** How often recorded code texts older than a code's lifetime are deleted. */
export const SENT_CODES_PURGE_EVERY_MS = 60_000;
/** Counting wrong guesses per key (also the activation codes'). */
export { AttemptLimiter } from './attemptLimiter.js';
export { recordConfirmedPhone } from './recordConfirmedPhone.js';
export { confirmedPhoneOf } from './confirmedPhoneOf.js';

/**
 * The account area (spec doc 2 §2.8, decision 0036): profile, password, sub-users and their logins,
 * the phone confirmed by code. Codes go out through `codeSender`; until the SMS channel is mounted the
 * stand-in records them (RecordingCodeSender).
 */
export function accountFeature(
  kernel: Kernel,
  deps: MessageTexts & {
    access: AccessService;
    authenticate: Authenticate;
    passwords: PasswordHashing;
    /** Ends every session of a user (its login disabled, its password set by someone else). */
    revokeSessions: (userId: number) => Promise<void>;
    /** The SMS channel (the delivery feature's); the stand-in record below is kept either way. */
    codeSender?: CodeSender;
    /** The caller's newsSeenDate, sent with POST /client/userInfo (the notifications feature's). */
    newsSeen: (actor: Actor, date: number) => Promise<void>;
  },
) {
  const { nowS } = kernel;
  const repo = new AccountRepository(accountDb(kernel.store.db), kernel.store.engine);
  // The record stays beside the real channel, while its code can be used (CODE_TTL_S): admins read it
  // (GET /admin/getSMSData) to help a user whose phone does not get the text. Then it is deleted.
  const recorder = new RecordingCodeSender(repo, nowS);
  const channel = deps.codeSender;
  const sender: CodeSender = channel
    ? { send: async (m) => (await recorder.send(m), channel.send(m)) }
    : recorder;
  return defineFeature({
    name: 'account',
    routes: accountRoutes({
      authenticate: deps.authenticate,
      profiles: new ProfileService(repo, deps.access, nowS),
      passwords: new PasswordService(repo, deps.passwords, deps.revokeSessions, nowS),
      subUsers: new SubUserService(repo, deps.access, deps.passwords, deps.revokeSessions, nowS),
      phones: new PhoneService(repo, deps.access, sender, kernel.config.jwtSecret, nowS, deps),
      recovery: new RecoveryService(
        repo,
        sender,
        deps.passwords,
        deps.revokeSessions,
        kernel.config.jwtSecret,
        nowS,
        deps,
      ),
      newsSeen: deps.newsSeen,
    }),
    jobs: [
      {
        // The record is for the minutes a code can be used: afterwards nobody may read it back.
        name: 'account.forgetSentCodes',
        everyMs: SENT_CODES_PURGE_EVERY_MS,
        run: () => repo.purgeSent(nowS() - CODE_TTL_S).then(() => undefined),
      },
    ],
    exports: {},
  });
}
