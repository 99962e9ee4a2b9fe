import { useState } from 'react';
import { useLocation } from 'react-router';
import { probeActivationOpensByItself, type RoleContext } from '@emberwatch/shared';
import { useBsConf, useSelectedStation } from '../base-stations';
import { useDemoMode } from './useDemoMode';
import { ProbeActivationDialog } from './ProbeActivationDialog';

/** Session storage: closed once in this session, so an empty station does not bring it back each page. */
export const PROBE_ACTIVATION_CLOSED_KEY = 'emberwatch.probeActivationClosed';

function closedBefore(): boolean {
  try {
    return sessionStorage.getItem(PROBE_ACTIVATION_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** What a link passes to open the probe activation dialog: `navigate(path, { state: ACTIVATION_STATE })`. */
export const ACTIVATION_STATE = { activation: true } as const;

/**
 * The probe activation dialog's own opening (spec doc 1 §2), mounted by the shell: for a regular user
 * whose selected station has no probes (once a session: closing it is an answer), and whenever a code2
 * is in the address or the navigation state says activation. The activation pages open their own.
 */
export function ProbeActivationAutoOpen({ roleContext }: { roleContext: RoleContext }) {
  const location = useLocation();
  const { selected } = useSelectedStation();
  const conf = useBsConf(selected?.bs_id);
  const demo = useDemoMode();
  const code2 = new URLSearchParams(location.search).get('code2');
  const asked = (location.state as { activation?: unknown } | null)?.activation === true;
  const onActivationPage = /^\/activation(\/|$)/.test(location.pathname);
  const opens =
    !onActivationPage &&
    (asked || code2 !== null || !closedBefore()) &&
    probeActivationOpensByItself({
      role: { ...roleContext, demo },
      sensorCount: conf.data ? conf.data.sensor_configurations.length : null,
      hasStation: selected !== null,
      code2,
      stateSaysActivation: asked,
    });
  // Closed on this page: a link that asks again (a new location) opens it again.
  const [closedOn, setClosedOn] = useState<string | null>(null);
  if (!opens || closedOn === location.key || !selected) return null;
  return (
    <ProbeActivationDialog
      bsId={selected.bs_id}
      uid={roleContext.admin ? selected.owner_UID : undefined}
      initialCode={code2 ?? ''}
      onClose={() => {
        try {
          sessionStorage.setItem(PROBE_ACTIVATION_CLOSED_KEY, '1');
        } catch {
          /* private mode: it may open again on the next page, nothing worse */
        }
        setClosedOn(location.key);
      }}
    />
  );
}
