import type { RoleContext } from '../roles.js';
import { hasInsightService, isCompostSupervisor } from '../roles.js';
import { RULE_TYPES, RULE_TYPE_INFO, type RuleType } from '../kinds/ruleTypes.js';

/**
 * Whether a new rule is a compost variant (the rule's compostRule flag): forced on, forced off, or
 * the user's choice (the rule dialog's checkbox).
 */
export type CompostChoice = 'always' | 'never' | 'choose';

export interface RuleOffer {
  /** The types the rule-type picker lists, in the catalogue's order. */
  types: RuleType[];
  /** FC types listed but greyed out: the monitor already has a fan-control rule (one per monitor). */
  disabled: RuleType[];
  compost: CompostChoice;
  /** Whether the editor lists only compost rules (a compost supervisor sees no others). */
  onlyCompostRules: boolean;
}

/**
 * The rule-type list of the monitor editor (spec doc 3 §5 "Rule-type list"): only ABS types with an
 * active Insight service; FC types only for an account with fan controllers (and only where the
 * editor can edit them); one FC rule per monitor, so the other FC types are greyed once one exists;
 * compost variants for the compost supervisor, who sees only compost rules. Admins choose the compost
 * variant themselves (they edit every kind of account's monitors). Decision 0039.
 */
export function ruleOffer(
  ctx: Pick<RoleContext, 'admin' | 'plans' | 'service'>,
  opts: {
    hasFanControllers: boolean;
    /** The fan-control editor exists in this build (the fans feature). */
    fanRulesEditable: boolean;
    rules: readonly { type: RuleType }[];
  },
): RuleOffer {
  const insight = !ctx.admin && hasInsightService(ctx);
  const fansOffered = opts.hasFanControllers && opts.fanRulesEditable && !insight;
  const types = RULE_TYPES.filter((type) => {
    const info = RULE_TYPE_INFO[type];
    if (info.fanControl) return fansOffered;
    return insight ? info.group === 'ABS' : true;
  });
  const hasFanRule = opts.rules.some((r) => RULE_TYPE_INFO[r.type].fanControl);
  const compostSupervisor = !ctx.admin && isCompostSupervisor(ctx);
  return {
    types,
    disabled: hasFanRule ? types.filter((type) => RULE_TYPE_INFO[type].fanControl) : [],
    compost: compostSupervisor ? 'always' : ctx.admin ? 'choose' : 'never',
    onlyCompostRules: compostSupervisor,
  };
}
