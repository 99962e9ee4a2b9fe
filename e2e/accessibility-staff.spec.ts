import { test } from './support/test.js';
import { ROLES, makeRoleAccounts, sweepRole } from './support/accessibilitySweep.js';

// Issue 35 item 1 (decision 0138): every staff page as Root, and the console as each lower staff level
// (Admin, Tech, Sales), scanned by axe-core at desktop width and at 360 px: no serious or critical violation.
test.beforeAll(makeRoleAccounts);

for (const role of [ROLES.root, ROLES.staffAdmin, ROLES.staffTech, ROLES.staffSales]) {
  test(`the pages of ${role.name}, at both widths`, async ({ page }) => {
    await sweepRole(page, role);
  });
}
