import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { probeActivationOpensByItself } from '@emberwatch/shared/domain/activation/activationRules';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { useAutoOpen } from '../../lib/useAutoOpen';
import { useBsConf, useSelectedStation } from '../base-stations';
import { useSessionInfo } from '../sessions';
import { useDemoMode } from './useDemoMode';
import { lazyWindow } from '../../lib/lazyWindow';

const ProbeActivationDialog = lazyWindow(() =>
  import('./ProbeActivationDialog').then((m) => ({ default: m.ProbeActivationDialog })),
);

/** The dialog's name in the session's memory of windows that open by itself (decision 0077). */
export const PROBE_ACTIVATION_WINDOW = 'probeActivation';

/** What a link passes to open the probe activation dialog: `navigate(path, { state: ACTIVATION_STATE })`. */
export const ACTIVATION_STATE = { activation: true } as const;

/**
 * The probe activation dialog's own opening (spec doc 1 §2), mounted by the shell: whenever a code2
 * is in the address or the navigation state says activation (asked for: at once, every time); and
 * by itself for a regular user whose selected station has no probes — as soon as the station's
 * configuration is known (the spec gives it no delay), once in the tab session, not after it was
 * closed and not over another dialog (useAutoOpen, decision 0077). The activation pages open their own.
 */
export function ProbeActivationAutoOpen({ roleContext }: { roleContext: RoleContext }) {
  const location = useLocation();
  const { selected } = useSelectedStation();
  const conf = useBsConf(selected?.bs_id);
  const demo = useDemoMode();
  const uid = useSessionInfo().data?.UID;
  const code2 = new URLSearchParams(location.search).get('code2');
  const stateSaysActivation = (location.state as { activation?: unknown } | null)?.activation === true;
  const onActivationPage = /^\/activation(\/|$)/.test(location.pathname);
  const rule = {
    role: { ...roleContext, demo },
    sensorCount: conf.data ? conf.data.sensor_configurations.length : null,
    hasStation: selected !== null,
  };
  const asked =
    !onActivationPage &&
    (stateSaysActivation || code2 !== null) &&
    probeActivationOpensByItself({ ...rule, code2, stateSaysActivation });
  // The station it opened by itself for: another station decides again.
  const [autoFor, setAutoFor] = useState<string | null>(null);
  const auto = useAutoOpen({
    name: PROBE_ACTIVATION_WINDOW,
    uid,
    ready: conf.data !== undefined && selected !== null,
    wanted:
      !onActivationPage && probeActivationOpensByItself({ ...rule, code2: null, stateSaysActivation: false }),
    delayMs: 0,
    onOpen: () => setAutoFor(selected?.bs_id ?? null),
    subject: selected?.bs_id,
  });
  // Closed on this page: a link that asks again (a new location) opens it again.
  const [closedOn, setClosedOn] = useState<string | null>(null);
  const shown =
    (asked && closedOn !== location.key) ||
    (autoFor !== null && autoFor === selected?.bs_id && !onActivationPage);
  if (!shown || !selected) return null;
  return (
    <Suspense fallback={null}>
      <ProbeActivationDialog
        bsId={selected.bs_id}
        uid={roleContext.admin ? selected.owner_UID : undefined}
        initialCode={code2 ?? ''}
        onClose={() => {
          auto.closed();
          setAutoFor(null);
          setClosedOn(location.key);
        }}
      />
    </Suspense>
  );
}
