import { describe, expect, it } from 'vitest';
import {
  mayUseOperatorTool,
  OPERATOR_TOOLS,
  STAFF_LEVEL_NAMES,
  staffLevelOf,
  type OperatorToolName,
} from '../src/domain/operatorTools.js';

const tools = Object.keys(OPERATOR_TOOLS) as OperatorToolName[];

describe('the operator tools', () => {
  it.each([
    [0, 'root'],
    [1, 'admin'],
    [2, 'tech'],
    [3, 'sales'],
    [null, 'admin'],
    [9, 'admin'],
  ] as const)('admin_group %s is the staff level %s', (group, level) => {
    expect(staffLevelOf(group)).toBe(level);
  });

  it.each(tools)('%s: never for a user who is not staff, whatever the stored level', (tool) => {
    for (const adminGroup of [null, 0, 1, 2, 3])
      expect(mayUseOperatorTool({ admin: false, adminGroup }, tool)).toBe(false);
  });

  it.each(tools.flatMap((tool) => STAFF_LEVEL_NAMES.map((level, group) => [tool, level, group] as const)))(
    '%s as %s: as its row says',
    (tool, level, group) => {
      expect(mayUseOperatorTool({ admin: true, adminGroup: group }, tool)).toBe(
        (OPERATOR_TOOLS[tool].levels as readonly string[]).includes(level),
      );
    },
  );

  it('refuses each tool in words', () => {
    for (const tool of tools) expect(OPERATOR_TOOLS[tool].refusal).toMatch(/^Only /);
  });
});
