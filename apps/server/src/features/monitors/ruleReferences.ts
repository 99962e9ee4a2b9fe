import type { MonitorInput } from '@emberwatch/shared/contracts/monitors';

/** The objects of other features a monitor's rules point at by id. */
export interface RuleReferences {
  /** RC units (fan controllers): FC_ID of every fan-control rule. */
  controllers: string[];
  /** Probes: a cooldown rule's outdoor probe. */
  probes: string[];
}

/**
 * Every id a monitor's rules carry (decision 0073): each must be an object of the monitor's own
 * account, or the save is refused — a rule on another account's RC unit or probe would be stored as
 * an inert reference at best, and at worst read another account's data. A new rule type that carries
 * an id adds it here.
 */
export function ruleReferences(rules: MonitorInput['rules']): RuleReferences {
  const controllers = new Set<string>();
  const probes = new Set<string>();
  for (const rule of rules) {
    switch (rule.type) {
      case 'COOLDOWN_CONTROL':
        controllers.add(rule.settings.FC_ID);
        probes.add(rule.settings.outdoorID);
        break;
      case 'CYCLIC_CONTROL':
      case 'MANUAL_CONTROL':
        controllers.add(rule.settings.FC_ID);
        break;
      case 'ABS_MAX':
      case 'ABS_MIN':
      case 'REL_MAX':
      case 'REL_MIN':
      case 'RISE_RATE':
        break;
      default: {
        // A rule type added to the contract fails the build here until its ids are listed above.
        const unknown: never = rule;
        throw new Error(`rule type without its references: ${JSON.stringify(unknown)}`);
      }
    }
  }
  return { controllers: [...controllers], probes: [...probes] };
}
