import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import {
  INSIGHT_REDIRECT_DELAY_MS,
  redirectsToInsight,
} from '@emberwatch/shared/domain/insight/insightScreen';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { surveyCompletedIn, type InsightNavState } from './insightState';

/**
 * Spec doc 1 §2: "The shell redirects to /insight after 500 ms for non-admin users without a service
 * whose plan level is below 4, unless the navigation state says the survey was completed. Plan,
 * service and user info are passed along." The shell mounts this once; it draws nothing. It acts
 * when the shell opens at "/" (after login, or the app's address), once: a link to a page of the app
 * opens that page (decision 0051).
 */
export function InsightRedirect({ roleContext, user }: { roleContext: RoleContext; user: UserInfo }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  const [openedAtRoot] = useState(pathname === '/');
  const done = useRef(false);
  const due =
    openedAtRoot &&
    !pathname.startsWith('/insight') &&
    redirectsToInsight({ ...roleContext, surveyCompletedState: surveyCompletedIn(state) });

  useEffect(() => {
    if (!due || done.current) return;
    const navState: InsightNavState = {
      plans: user.plans,
      service: user.service,
      uid: user.U_ID,
      country: user.country,
      bsId: user.bs_list[0]?.bsId ?? null,
    };
    const timer = setTimeout(() => {
      done.current = true;
      void navigate('/insight', { state: navState });
    }, INSIGHT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, navigate, user]);
  return null;
}
