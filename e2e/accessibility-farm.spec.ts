import { test } from './support/test.js';
import { ROLES, sweepPublic, sweepRole } from './support/accessibilitySweep.js';

// Issue 35 item 1 (decision 0138): axe-core finds no serious or critical WCAG 2.x A/AA violation on any
// page of the farm app as the farmer, or on the public pages logged out, at desktop width and at 360 px.
// The other roles walk their own pages in accessibility-roles.spec.ts and accessibility-staff.spec.ts.

test('the public pages, logged out, at both widths', async ({ page }) => {
  await sweepPublic(page);
});

test('every page of the farm app as the farmer, at both widths', async ({ page }) => {
  await sweepRole(page, ROLES.farmer);
});
