import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { insightScreen } from '@emberwatch/shared/domain/insight/insightScreen';
import { isInsightNavState, type InsightNavState } from './insightState';
import { WelcomePage } from './WelcomePage';
import { SurveyPage } from './SurveyPage';
import { MigrationScreen } from './MigrationScreen';

/**
 * /insight (spec doc 1 §2 "Plan and survey page", non-exact): the screen the Insight decision (§4)
 * chooses, or a screen named by the path (the survey after the welcome page, the answers editor of
 * the account area, the migration screen). Without the navigation's state the user goes to /.
 */
export function InsightPage() {
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  if (!isInsightNavState(state)) return <Navigate to="/" replace />;
  const sub = pathname.replace(/^\/insight\/?/, '').split('/')[0] ?? '';
  if (sub === 'survey' && state.service) return <SurveyPage nav={state} mode="onboarding" />;
  if (sub === 'answers' && state.service) return <SurveyPage nav={state} mode="edit" />;
  if (sub === 'migration') return <MigrationScreen nav={state} />;
  return <DecidedScreen nav={state} />;
}

function DecidedScreen({ nav }: { nav: InsightNavState }) {
  const [nowS] = useState(() => Math.floor(Date.now() / 1000));
  const screen = insightScreen({ plans: nav.plans, service: nav.service, country: nav.country, nowS });
  switch (screen) {
    case 'expired':
      // Outside the logged-in shell: the screen clears the tokens and must stay while it does.
      return <Navigate to="/insight/expired" replace state={{ bsId: nav.bsId }} />;
    case 'welcome':
      return <WelcomePage nav={nav} />;
    case 'survey':
      return <SurveyPage nav={nav} mode="onboarding" />;
    default:
      return <Navigate to="/" replace />;
  }
}
