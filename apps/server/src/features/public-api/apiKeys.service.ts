import type {
  ApiKey,
  ApiKeyScope,
  GetApiKeysResponse,
  NewApiKeyResponse,
} from '@emberwatch/shared/contracts/publicApiKeys';
import { ApiError } from '../../http/ApiError.js';
import { enforce, whoIs, type Actor } from '../../http/access/index.js';
import { newKeyId, newKeySecret } from './apiKeySecret.js';
import type { ApiKeyRow, ApiKeysRepository } from './apiKeys.repository.js';
import { mayManageKeys, planActive } from './publicApi.policy.js';

/** Keys one account may hold, revoked ones included (a list that fits the screen). */
export const MAX_KEYS_PER_ACCOUNT = 50;

/** A key as the screen shows it: never its secret nor the secret's hash. */
function present(r: ApiKeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope,
    created_ts: Number(r.created_ts),
    revoked_ts: r.revoked_ts === null ? null : Number(r.revoked_ts),
    last_used_ts: r.last_used_ts === null ? null : Number(r.last_used_ts),
    last_used_ip: r.last_used_ip,
  };
}

/**
 * The account owner's API keys (decision 0109): made, listed, renamed, revoked and rotated on the
 * account page. A secret leaves the server once, in the answer that made it.
 */
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly nowS: () => number,
  ) {}

  /** The account the caller manages keys of: its own, and only as its owner. */
  private accountOf(actor: Actor): number {
    enforce(mayManageKeys(whoIs(actor, actor.accountId)));
    return actor.accountId;
  }

  async generate(
    actor: Actor,
    name: string,
    scope: ApiKeyScope,
  ): Promise<Omit<NewApiKeyResponse, 'status_code'>> {
    const accountId = this.accountOf(actor);
    if ((await this.repo.listOf(accountId)).length >= MAX_KEYS_PER_ACCOUNT)
      throw new ApiError(409, `An account holds at most ${MAX_KEYS_PER_ACCOUNT} keys.`, 409);
    const id = newKeyId();
    const { key, hash } = newKeySecret(id);
    const row: ApiKeyRow = {
      id,
      account_id: accountId,
      name,
      scope,
      secret_hash: hash,
      created_by: actor.user.id,
      created_ts: this.nowS(),
      revoked_ts: null,
      last_used_ts: null,
      last_used_ip: null,
    };
    await this.repo.insert(row);
    return { key: present(row), secret: key };
  }

  async list(actor: Actor): Promise<Omit<GetApiKeysResponse, 'status_code'>> {
    const accountId = this.accountOf(actor);
    const [keys, due] = await Promise.all([this.repo.listOf(accountId), this.repo.planDueOf(accountId)]);
    const planDue = due ?? null;
    return { keys: keys.map(present), api_plan: { due: planDue, active: planActive(planDue, this.nowS()) } };
  }

  async rename(actor: Actor, id: string, name: string): Promise<ApiKey> {
    return present(await this.change(actor, id, { name }));
  }

  async revoke(actor: Actor, id: string): Promise<ApiKey> {
    const accountId = this.accountOf(actor);
    const current = await this.ownKey(accountId, id);
    if (current.revoked_ts !== null) return present(current);
    return present(await this.change(actor, id, { revoked_ts: this.nowS() }));
  }

  /** A new secret for the same key: the old one is refused from now on. A revoked key stays revoked. */
  async rotate(actor: Actor, id: string): Promise<Omit<NewApiKeyResponse, 'status_code'>> {
    const accountId = this.accountOf(actor);
    const current = await this.ownKey(accountId, id);
    if (current.revoked_ts !== null) throw new ApiError(409, 'A revoked key cannot be rotated.', 409);
    const { key, hash } = newKeySecret(id);
    return { key: present(await this.change(actor, id, { secret_hash: hash })), secret: key };
  }

  private async change(
    actor: Actor,
    id: string,
    change: Parameters<ApiKeysRepository['update']>[2],
  ): Promise<ApiKeyRow> {
    const accountId = this.accountOf(actor);
    await this.ownKey(accountId, id);
    const row = await this.repo.update(id, accountId, change);
    if (!row) throw ApiError.notFound('No such API key.');
    return row;
  }

  /** The account's key; another account's and none at all are the same 404. */
  private async ownKey(accountId: number, id: string): Promise<ApiKeyRow> {
    const row = await this.repo.find(id);
    if (!row || row.account_id !== accountId) throw ApiError.notFound('No such API key.');
    return row;
  }
}
