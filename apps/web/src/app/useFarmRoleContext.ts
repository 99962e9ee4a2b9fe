import { useMemo } from 'react';
import { farmRoleContext, farmToLoad } from '@emberwatch/shared/domain/farmRoleContext';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { useSelectedStation } from '../features/base-stations';
import { useUserInfo } from '../features/users';

/**
 * The role context the pages get: the caller's own, or for a master the selected farm's plan under
 * the master's flags (decision 0108, `farmRoleContext`). `loading` while that farm's user info is on
 * its way, so a page never flashes a refusal; a farm whose info fails leaves the master its own.
 * Inside the SelectedStationProvider.
 */
export function useFarmRoleContext(
  own: RoleContext,
  uid: number,
): { roleContext: RoleContext; loading: boolean } {
  const { selected } = useSelectedStation();
  const farmUid = farmToLoad(own, uid, selected?.owner_UID);
  const farm = useUserInfo(farmUid);
  const facts = farmUid !== undefined ? (farm.data ?? null) : null;
  const roleContext = useMemo(() => farmRoleContext(own, facts), [own, facts]);
  return { roleContext, loading: farmUid !== undefined && farm.isPending };
}
