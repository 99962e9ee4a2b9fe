import type { DemoType } from '@emberwatch/shared/domain/demoSwitch';
import { useSessionInfo } from '../sessions';
import { useDemoChoice } from './demoChoice';

/**
 * The demo type an admin has switched to, which the admin's saved monitors carry (spec doc 3 §6 "admin
 * saved monitors carry the demo type"; decision 0058); null for everyone else and when none is chosen.
 */
export function useAdminDemoType(): DemoType | null {
  const session = useSessionInfo().data;
  const choice = useDemoChoice(session?.UID);
  return session?.admin ? (choice?.type ?? null) : null;
}
