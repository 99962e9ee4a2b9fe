import {
  mayUseOperatorTool,
  OPERATOR_TOOLS,
  type OperatorToolName,
} from '@emberwatch/shared/domain/operatorTools';
import { ApiError } from '../ApiError.js';
import type { Actor } from './AccessService.js';

/**
 * Refuses (403, the tool's own words) a caller whose staff level may not use the operator tool
 * (packages/shared/src/domain/operatorTools.ts): the one check every operator call makes.
 */
export function assertOperator(actor: Actor, tool: OperatorToolName): void {
  if (!mayUseOperatorTool({ admin: actor.isAdmin, adminGroup: actor.user.admin_group }, tool))
    throw ApiError.forbidden(OPERATOR_TOOLS[tool].refusal);
}
