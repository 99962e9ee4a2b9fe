import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { expiryBlock } from '@emberwatch/shared/domain/expiryBlock';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { simHasExpired } from '@emberwatch/shared/domain/sitePlan';
import { lazyWindow } from '../../lib/lazyWindow';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useBsConf, useSelectedStation } from '../base-stations';

const ExpiryBlockWindow = lazyWindow(() =>
  import('./ExpiryBlockWindow').then((m) => ({ default: m.ExpiryBlockWindow })),
);

/**
 * The blocking renewal dialog (spec doc 2 §4 "Plan and SIM expiry: non-admin users get a blocking
 * dialog with a renewal action"): it cannot be dismissed, only followed to the renewal or left by
 * logging out. The account pages stay reachable underneath it — that is where the renewal happens.
 */
export function ExpiryBlockDialog({ roleContext }: { roleContext: RoleContext }) {
  const { pathname } = useLocation();
  const { selected } = useSelectedStation();
  const conf = useBsConf(selected?.bs_id);
  const nowS = useNowSeconds(60_000);
  const block = expiryBlock(roleContext, simHasExpired(conf.data?.sim_exp_date ?? null, nowS));
  if (!block || pathname.startsWith('/account')) return null;
  const station = selected?.display_name ?? selected?.bs_id ?? '';
  return (
    <Suspense fallback={null}>
      <ExpiryBlockWindow block={block} station={station} />
    </Suspense>
  );
}
