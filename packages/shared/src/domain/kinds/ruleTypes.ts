/**
 * Monitor rule types (spec doc 3 §3 "Rule"): two alert groups and the fan-control group.
 * Every registry of rule types is a `Record<RuleType, …>` checked with `satisfies`, so a new type
 * fails the build until each registry (labels, the rule engine, the editor) knows it.
 */
export const RULE_TYPES = [
  'ABS_MAX',
  'ABS_MIN',
  'REL_MAX',
  'REL_MIN',
  'RISE_RATE',
  'COOLDOWN_CONTROL',
  'CYCLIC_CONTROL',
  'MANUAL_CONTROL',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export type RuleGroup = 'ABS' | 'REL' | 'FC';

export interface RuleTypeInfo {
  group: RuleGroup;
  /** An alert rule that fires below its limit (the alert's isMin). */
  isMin: boolean;
  /** The rule drives a fan controller instead of raising alerts. */
  fanControl: boolean;
}

export const RULE_TYPE_INFO = {
  ABS_MAX: { group: 'ABS', isMin: false, fanControl: false },
  ABS_MIN: { group: 'ABS', isMin: true, fanControl: false },
  REL_MAX: { group: 'REL', isMin: false, fanControl: false },
  REL_MIN: { group: 'REL', isMin: true, fanControl: false },
  // Ours (issue 11 "a rise-rate rule"): a relative rule whose tolerance is a rate over a window.
  RISE_RATE: { group: 'REL', isMin: false, fanControl: false },
  COOLDOWN_CONTROL: { group: 'FC', isMin: false, fanControl: true },
  CYCLIC_CONTROL: { group: 'FC', isMin: false, fanControl: true },
  MANUAL_CONTROL: { group: 'FC', isMin: false, fanControl: true },
} as const satisfies Record<RuleType, RuleTypeInfo>;

/** A relative rule: its alerts carry a reference (TP) and can be reset (spec doc 3 §4). */
export function isRelativeRule(type: RuleType): boolean {
  return RULE_TYPE_INFO[type].group === 'REL';
}

export function isRuleType(value: string): value is RuleType {
  return (RULE_TYPES as readonly string[]).includes(value);
}
