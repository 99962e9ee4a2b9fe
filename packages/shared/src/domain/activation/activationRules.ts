import type { RoleContext } from '../roles.js';

/**
 * Who may activate a kit into an account: its owner, or an admin acting for it. A sub-user watches
 * the account and a master only looks at the accounts that authorised it (decision 0014), so neither
 * adds stations or probes to it.
 */
export function mayActivateKits(
  ctx: Pick<RoleContext, 'admin' | 'master' | 'subUser'> & {
    /** Spec doc 2 §6 demo mode: no server changes for non-admins (a shared login claims nothing). */
    demo?: boolean;
  },
): boolean {
  if (ctx.admin) return true;
  return !ctx.master && !ctx.subUser && ctx.demo !== true;
}

/**
 * Spec doc 1 §2 "Probe activation dialog": it opens by itself for a regular non-admin, non-master,
 * non-siteindex user whose sensor configuration is empty, or when an activation code2 is present, or
 * when the navigation state says activation. A user who may not activate never gets it unasked (a
 * sub-user would only be refused); nor does a user without a station, who has nowhere to put probes.
 */
export function probeActivationOpensByItself(c: {
  role: Pick<RoleContext, 'admin' | 'master' | 'siteindex' | 'subUser'> & { demo?: boolean };
  /** Whether the selected station's configuration has loaded, and how many probes it lists. */
  sensorCount: number | null;
  hasStation: boolean;
  code2: string | null;
  stateSaysActivation: boolean;
}): boolean {
  if (!mayActivateKits(c.role) || !c.hasStation) return false;
  if (c.code2 !== null && c.code2.trim() !== '') return true;
  if (c.stateSaysActivation) return true;
  const regular = !c.role.admin && !c.role.master && !c.role.siteindex;
  return regular && c.sensorCount === 0;
}

export type ActivationView = 'system' | 'probes' | 'choose';

/**
 * Which activation the route opens (spec doc 1 §2 routes): /activation/system and ?code1= a base
 * station, /activation/probes and ?code2= a probe set, /activation alone lets the user choose.
 */
export function activationViewOf(pathname: string, search: string): { view: ActivationView; code: string } {
  const q = new URLSearchParams(search);
  const code1 = q.get('code1');
  const code2 = q.get('code2');
  const tail = pathname.replace(/\/+$/, '').split('/').pop();
  if (tail === 'system') return { view: 'system', code: code1 ?? '' };
  if (tail === 'probes') return { view: 'probes', code: code2 ?? '' };
  if (code1 !== null) return { view: 'system', code: code1 };
  if (code2 !== null) return { view: 'probes', code: code2 };
  return { view: 'choose', code: '' };
}
