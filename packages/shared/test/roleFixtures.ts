import type { Plan, PlanName, Service } from '../src/contracts/users.js';
import type { RoleContext } from '../src/domain/roles.js';

// The role contexts the rule tests start from; each test adds the flags, plans or service it is about.

/** A plan as the user info sends it: level 0 for Free and 4 for a paid plan, current, on no segment. */
export const plan = (planName: PlanName, extra: Partial<Plan> = {}): Plan => ({
  planName,
  planLevel: planName === 'Free' ? 0 : 4,
  segment: null,
  dueDate: null,
  expired: false,
  ...extra,
});

/** An Insight service subscription (trial 0: the trial was not refused). */
export const insightService: Service = {
  plan: 2,
  trial: 0,
  started: null,
  period: 36,
  expDate: null,
  surveyCompleted: true,
};

/** A regular account owner on the free plan with one base station. */
export const regularOwner: RoleContext = {
  admin: false,
  adminGroup: null,
  master: false,
  grandMaster: false,
  subUser: false,
  translator: false,
  partnerApp: null,
  siteindex: false,
  storagesEnabled: false,
  bsCount: 1,
  plans: [plan('Free')],
  service: null,
};

/** The regular owner with what a test changes. */
export const ownerWith = (over: Partial<RoleContext>): RoleContext => ({ ...regularOwner, ...over });
