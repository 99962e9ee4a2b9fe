import type { TestApp } from './testApp.js';

/**
 * Runs `fn` with the demo's admin at the staff level `group` (admin_group: Root 0, Admin 1, Tech 2,
 * Sales 3), and gives the admin its own level back after, whatever `fn` did: a feature's test of what
 * each level may do there. Every operator call × level is staffLevels.test.ts's.
 */
export async function asStaffLevel<T>(t: TestApp, group: number, fn: () => Promise<T>): Promise<T> {
  const admin = (await t.findUser('admin@demo.emberwatch'))!;
  const setGroup = (g: number | null) =>
    t.store.db.updateTable('users').set({ admin_group: g }).where('id', '=', admin.id).execute();
  await setGroup(group);
  try {
    return await fn();
  } finally {
    await setGroup(admin.admin_group);
  }
}
