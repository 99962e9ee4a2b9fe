import { describe, expect, it } from 'vitest';
import { maySaveDemoMonitor } from '../../src/features/monitors/monitors.policy.js';
import { mayMarkNewsSeen } from '../../src/features/notifications/notifications.policy.js';
import { maySaveAnothersPreferences } from '../../src/features/users/users.policy.js';
import { cell, tableOf } from './rows.js';

const PREFS = '403 You may only change your own preferences.';
const DEMO = '400 Only administrators save demo monitors.';
const STAFF_NEWS = '403 News is not marked seen for admins.';
const MASTER_NEWS = '403 Master users have no news.';

/** The small rules of the users, monitors and notifications features (spec doc 1 §6, §7; doc 3 §6). */
describe('the users, monitors and notifications policies', () => {
  it('save another’s preferences and demo monitors for staff only; mark news seen for non-staff non-masters', () => {
    const row = (w: Parameters<typeof mayMarkNewsSeen>[0]) => [
      cell(maySaveAnothersPreferences(w)),
      cell(maySaveDemoMonitor(w)),
      cell(mayMarkNewsSeen(w)),
    ];
    const staff = ['yes', 'yes', STAFF_NEWS];
    expect(tableOf(row)).toEqual({
      owner: [PREFS, DEMO, 'yes'],
      subUser: [PREFS, DEMO, 'yes'],
      master: [PREFS, DEMO, MASTER_NEWS],
      grandMaster: [PREFS, DEMO, MASTER_NEWS],
      masterItself: [PREFS, DEMO, MASTER_NEWS],
      root: staff,
      admin: staff,
      tech: staff,
      sales: staff,
      visitor: [PREFS, DEMO, 'yes'],
      otherAccount: [PREFS, DEMO, 'yes'],
    });
  });
});
