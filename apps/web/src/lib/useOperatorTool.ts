import { mayUseOperatorTool, type OperatorToolName } from '@emberwatch/shared/domain/operatorTools';
import { useShellContext } from './shellContext';

/**
 * Whether the signed-in staff member's level may use an operator tool (OPERATOR_TOOLS, decision
 * 0097): a console page shows a level the controls of its tools and leaves the rest out, as the
 * server refuses them.
 */
export function useOperatorTool(tool: OperatorToolName): boolean {
  const { roleContext } = useShellContext();
  return mayUseOperatorTool(roleContext, tool);
}
