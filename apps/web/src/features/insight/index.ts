// The insight feature's public surface: the shell's redirect to /insight, the subscription-expired
// screen (outside the auth gate), and the account area's link to the survey answers.
export { InsightRedirect } from './InsightRedirect';
export { SurveyAnswersLink } from './SurveyAnswersLink';
export type { InsightNavState } from './insightState';
export { INSIGHT_SUPPORT_EMAIL } from './insightState';
