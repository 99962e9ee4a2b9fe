import { randomBytes } from 'node:crypto';
import type { TestMigrationCallResponse } from '@emberwatch/shared/contracts/insight';
import { sha256 } from '../../security/sha256.js';
import { INSIGHT_TRIAL_DAYS_DEFAULT } from '@emberwatch/shared/domain/insight/insightTrial';
import { assertOperator, enforce, type AccessService, type Actor } from '../../http/access/index.js';
import { auditChanged } from '../../http/audit.js';
import { mayMoveAccount } from './insight.policy.js';
import type { InsightRepository } from './insight.repository.js';

export interface MigrationSettings {
  on: boolean;
  url: string | null;
  count: number;
}

/**
 * The migration of an account to the separate Insight app (spec doc 1 §1, §2 "Migration screen", §7
 * "Migration", §8): admins turn it on and name the app's URL; an account's owner gets a one-time key
 * to carry there (kept as SHA-256 only). Decision 0051.
 */
export class MigrationService {
  constructor(
    private readonly repo: InsightRepository,
    private readonly access: AccessService,
    private readonly nowS: () => number,
  ) {}

  /** POST /testMigrationCall: a key and the URL while the migration is on; status 1 otherwise. */
  async keyFor(actor: Actor, uid: number | undefined): Promise<TestMigrationCallResponse> {
    const { account, who } = await this.access.accountScope(actor, uid);
    enforce(mayMoveAccount(who));
    const accountId = account.id;
    const settings = await this.repo.settings();
    if (!settings?.migration_on)
      return { status_code: 1, key: null, url: null, error: 'The migration is not open yet.' };
    const key = randomBytes(32).toString('base64url');
    await this.repo.saveMigrationKey(accountId, sha256(key), this.nowS());
    return { status_code: 0, key, url: settings.migration_url };
  }

  async settings(actor: Actor): Promise<MigrationSettings> {
    assertOperator(actor, 'migrationStatus');
    const s = await this.repo.settings();
    return {
      on: s?.migration_on === 1,
      url: s?.migration_url ?? null,
      count: await this.repo.migrationCount(),
    };
  }

  /** POST /setMigrationOn */
  async set(actor: Actor, on: boolean, url: string | null): Promise<MigrationSettings> {
    assertOperator(actor, 'migrationSettings');
    const s = await this.repo.settings();
    await this.repo.saveSettings({
      trial_days: s?.trial_days ?? INSIGHT_TRIAL_DAYS_DEFAULT,
      migration_on: on ? 1 : 0,
      migration_url: url,
      updated_ts: this.nowS(),
    });
    auditChanged(
      'migration settings',
      { on: s?.migration_on === 1, url: s?.migration_url ?? null },
      { on, url },
    );
    return this.settings(actor);
  }
}
