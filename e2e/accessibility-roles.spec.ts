import { test } from './support/test.js';
import { ROLES, makeRoleAccounts, sweepRole } from './support/accessibilitySweep.js';

// Issue 35 item 1 (decision 0138): each role of the farm side walks the pages its menu and its role lead
// to, scanned by axe-core at desktop width and at 360 px: no serious or critical violation, and no page
// wider than the phone. The compost farmer walks the batches' pages, which the hay farmer is sent away from.
test.beforeAll(makeRoleAccounts);

for (const role of [
  ROLES.subUser,
  ROLES.compost,
  ROLES.master,
  ROLES.grandMaster,
  ROLES.translator,
  ROLES.visitor,
]) {
  test(`the pages of a ${role.name}, at both widths`, async ({ page }) => {
    await sweepRole(page, role);
  });
}
