import type { StorageInput } from '@emberwatch/shared/contracts/storages';
import type { Service } from '@emberwatch/shared/contracts/users';
import { INSIGHT_TRIAL_DAYS_DEFAULT, insightTrialEnd } from '@emberwatch/shared/domain/insight/insightTrial';
import {
  surveyCapacityMax,
  SURVEY_CAPACITY_MAX_DEFAULT,
} from '@emberwatch/shared/domain/insight/storageCapacity';
import type { SurveyAnswers, SurveyStorage } from '@emberwatch/shared/domain/insight/surveyAnswers';
import { surveyProblem, storageComplete } from '@emberwatch/shared/domain/insight/surveySteps';
import { ApiError } from '../../http/ApiError.js';
import { auditChanged } from '../../http/audit.js';
import { presentPlans, type UserRepository, type UserRow } from '../users/index.js';
import {
  assertOperator,
  enforce,
  type AccessService,
  type AccountScope,
  type Actor,
} from '../../http/access/index.js';
import { mayChangeInsight } from './insight.policy.js';
import type { InsightRepository } from './insight.repository.js';
import { parseService, presentStoredService, trialService, type StoredService } from './storedService.js';

/** Makes one storage of the account through the storages feature (its rules and its access checks). */
export type SaveStorage = (actor: Actor, uid: number, item: StorageInput) => Promise<{ itemID: number }>;

const NO_SERVICE = 'This account has no Insight service; accept the Insight terms first.';

/**
 * Insight onboarding (spec doc 1 §2, §4, §5, §7, §9; decision 0051): accepting the terms starts the
 * service in its free trial, the survey answers and the storages they name, and the admin's calls.
 * A change is checked whole before anything is written, so a refused call changes nothing.
 */
export class InsightService {
  constructor(
    private readonly repo: InsightRepository,
    private readonly access: AccessService,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly firstStationOf: (accountId: number) => Promise<string | null>,
    private readonly saveStorage: SaveStorage,
    private readonly nowS: () => number,
  ) {}

  private scope(actor: Actor, uid: number | undefined): Promise<AccountScope> {
    return this.access.accountScope(actor, uid);
  }

  private async editable(actor: Actor, uid: number | undefined): Promise<UserRow> {
    const scope = await this.scope(actor, uid);
    enforce(mayChangeInsight(scope.who));
    return scope.account;
  }

  private assertAdmin(actor: Actor): void {
    assertOperator(actor, 'insightService');
  }

  /**
   * Changes an account's service by `change` (null: leave it), retrying if another call changed it
   * between our read and our write. Returns the service as it is afterwards.
   */
  private async updateService(
    accountId: number,
    change: (current: StoredService | null) => StoredService | null | 'keep',
  ): Promise<StoredService | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const json = (await this.repo.serviceJson(accountId)) ?? null;
      const current = parseService(json);
      const next = change(current);
      if (next === 'keep') return current;
      if (await this.repo.swapService(accountId, json, next === null ? null : JSON.stringify(next))) {
        auditChanged('Insight service', current, next);
        return next;
      }
    }
    throw ApiError.unavailable('The account is being changed; please try again.');
  }

  async trialDays(): Promise<number> {
    return (await this.repo.settings())?.trial_days ?? INSIGHT_TRIAL_DAYS_DEFAULT;
  }

  /**
   * POST /admin/insightMigration: spec doc 1 §4 "Accepting terms and pressing Next calls the Insight
   * migration; the user becomes an Insight user … with service plan 2 and trial 1". An account that
   * already has the service keeps it as it is (no second trial).
   */
  async migrate(actor: Actor, uid: number | undefined): Promise<Service> {
    const account = await this.editable(actor, uid);
    const now = this.nowS();
    const plans = presentPlans(account, now);
    const end = insightTrialEnd(now, await this.trialDays(), plans);
    const service = await this.updateService(account.id, (current) =>
      current ? 'keep' : { ...trialService(null, now, end, plans), termsAcceptedTs: now },
    );
    return presentStoredService(service as StoredService);
  }

  async survey(actor: Actor, uid: number | undefined): Promise<SurveyAnswers | null> {
    const { account } = await this.scope(actor, uid);
    const json = await this.repo.survey(account.id);
    return json ? (JSON.parse(json) as SurveyAnswers) : null;
  }

  /** POST /client/saveInsightSurvey: complete answers only; from the wizard the survey is marked completed. */
  async saveSurvey(
    actor: Actor,
    uid: number | undefined,
    answers: SurveyAnswers,
    fromWelcomePage: boolean,
  ): Promise<Service> {
    const account = await this.editable(actor, uid);
    const service = parseService(await this.repo.serviceJson(account.id));
    if (!service) throw ApiError.invalid(NO_SERVICE);
    const problem = surveyProblem(answers);
    if (problem)
      throw ApiError.invalid(
        `The survey is not complete (${problem.problem}).`,
        `answers.${problem.problem}`,
      );
    const max = surveyCapacityMax(answers);
    const over = answers.storages.findIndex((s) => s.capacity > max);
    if (over >= 0)
      throw ApiError.invalid(
        `A storage holds at most ${max} (the yearly volume).`,
        `answers.storages.${over}.capacity`,
      );

    await this.repo.saveSurvey(account.id, JSON.stringify(answers), actor.user.id, this.nowS());
    const after = fromWelcomePage
      ? await this.updateService(account.id, (s) =>
          !s ? 'keep' : s.surveyCompleted ? 'keep' : { ...s, surveyCompleted: true },
        )
      : service;
    return presentStoredService(after ?? service);
  }

  /** The largest capacity a storage of the account may have (spec doc 3 §5: from the survey, default 1000). */
  async capacityMaxOf(accountId: number): Promise<number> {
    const json = await this.repo.survey(accountId);
    return json
      ? Math.max(surveyCapacityMax(JSON.parse(json) as SurveyAnswers), SURVEY_CAPACITY_MAX_DEFAULT)
      : SURVEY_CAPACITY_MAX_DEFAULT;
  }

  /**
   * POST /client/saveInsightStorages: each survey storage becomes a storage of the account at its
   * first base station, once: one already made is not made again (a Finish sent twice, two tabs).
   */
  async saveStorages(
    actor: Actor,
    uid: number | undefined,
    storages: SurveyStorage[],
  ): Promise<{ id: number; itemID: number | null }[]> {
    const account = await this.editable(actor, uid);
    if (!parseService(await this.repo.serviceJson(account.id))) throw ApiError.invalid(NO_SERVICE);
    if (new Set(storages.map((s) => s.id)).size !== storages.length)
      throw ApiError.invalid('Two storages have the same id.', 'storages');
    const incomplete = storages.findIndex((s) => !storageComplete(s));
    if (incomplete >= 0)
      throw ApiError.invalid('A storage needs a name and a type.', `storages.${incomplete}`);
    const max = await this.capacityMaxOf(account.id);
    const over = storages.findIndex((s) => s.capacity > max);
    if (over >= 0) throw ApiError.invalid(`A storage holds at most ${max}.`, `storages.${over}.capacity`);

    const made = await this.repo.surveyStorages(account.id);
    const bsId = await this.firstStationOf(account.id);
    const result: { id: number; itemID: number | null }[] = [];
    for (const s of storages) {
      if (made.has(s.id) || bsId === null) {
        result.push({ id: s.id, itemID: made.get(s.id) ?? null });
        continue;
      }
      if (!(await this.repo.claimSurveyStorage(account.id, s.id, this.nowS()))) {
        // Another call is making it right now.
        result.push({ id: s.id, itemID: (await this.repo.surveyStorages(account.id)).get(s.id) ?? null });
        continue;
      }
      try {
        const { itemID } = await this.saveStorage(actor, account.id, surveyStorageItem(s, bsId));
        await this.repo.setSurveyStorageItem(account.id, s.id, itemID);
        result.push({ id: s.id, itemID });
      } catch (err) {
        await this.repo.releaseSurveyStorage(account.id, s.id);
        throw err;
      }
    }
    return result;
  }

  /** POST /admin/insightHold: the account's trial ends as refused (spec doc 1 §9 trial -1). */
  async hold(actor: Actor, uid: number): Promise<Service> {
    this.assertAdmin(actor);
    const { account } = await this.scope(actor, uid);
    const service = await this.updateService(account.id, (s) => (s ? { ...s, trial: -1 } : null));
    if (!service) throw ApiError.invalid(NO_SERVICE, 'UID');
    return presentStoredService(service);
  }

  /**
   * POST /admin/insightFreemiumTrial: with UID, (re)starts the account's free trial of trialDays (the
   * level-3 date rule applies); without, sets the trial length offered at migration.
   */
  async freemiumTrial(
    actor: Actor,
    uid: number | undefined,
    trialDays: number,
  ): Promise<{ trialDays: number; service: Service | null }> {
    this.assertAdmin(actor);
    const now = this.nowS();
    if (uid === undefined) {
      const settings = await this.repo.settings();
      await this.repo.saveSettings({
        trial_days: trialDays,
        migration_on: settings?.migration_on ?? 0,
        migration_url: settings?.migration_url ?? null,
        updated_ts: now,
      });
      auditChanged(
        'Insight trial length',
        { trialDays: settings?.trial_days ?? INSIGHT_TRIAL_DAYS_DEFAULT },
        { trialDays },
      );
      return { trialDays, service: null };
    }
    const { account } = await this.scope(actor, uid);
    const plans = presentPlans(account, now);
    const end = insightTrialEnd(now, trialDays, plans);
    const service = await this.updateService(account.id, (s) => trialService(s, now, end, plans));
    return { trialDays, service: service && presentStoredService(service) };
  }

  /** POST /admin/setInsight: sets (or, with null, removes) an account's service. */
  async setInsight(
    actor: Actor,
    uid: number,
    input: Pick<Service, 'plan' | 'trial' | 'started' | 'period' | 'expDate' | 'surveyCompleted'> | null,
  ): Promise<Service | null> {
    this.assertAdmin(actor);
    const { account } = await this.scope(actor, uid);
    const now = this.nowS();
    const service = await this.updateService(account.id, (s) =>
      input === null
        ? null
        : {
            ...(s ?? {}),
            ...input,
            renewed: s?.renewed ?? null,
            nextPayment:
              input.expDate === null
                ? null
                : { date: input.expDate, type: input.trial === 0 ? 'renewal' : 'trial' },
            oldPlans: s?.oldPlans?.length ? s.oldPlans : presentPlans(account, now),
            termsAcceptedTs: s?.termsAcceptedTs ?? null,
          },
    );
    return service && presentStoredService(service);
  }
}

/** A survey storage as the storages feature takes it: no layout yet (spec doc 3 §4 offers one later). */
function surveyStorageItem(s: SurveyStorage, bsId: string): StorageInput {
  return {
    name: s.name.trim(),
    type: s.type ?? '',
    capacity: s.capacity,
    BS_ID: bsId,
    layoutType: null,
    sensor_layout: null,
    stacks: [],
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
  };
}
