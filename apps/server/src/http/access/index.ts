// Who is calling and what they may touch: the one place every feature and the live channel ask.
// It sits in the HTTP layer, beside authentication, and imports no feature (eslint-rules/featureBoundaries.js).
export { AccessRepository } from './access.repository.js';
export type { AccountUser, ProbeOnStation, VisibleStation } from './access.repository.js';
export { AccessService, changeRightsOf, type AccountScope, type Actor } from './AccessService.js';
export { enforce, invalid, refuse, type Refusal, type Verdict } from './verdict.js';
export { whoAmI, whoIs, type Who } from './who.js';
export { assertOperator } from './operator.js';
