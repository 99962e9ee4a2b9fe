import { isSupervisor, type RoleContext } from '@emberwatch/shared/domain/roles';

/** Spec doc 3 §2: the data-download panel is for supervisors on views 600 wide or more. */
export const EXPORT_PANEL_MIN_WIDTH = 600;

export type ExportEntry = 'panel' | 'button';

/**
 * How the export is offered to someone who may see the storage's data: the supervisor on a wide
 * view gets the panel beside the layout; everyone else who may see the data (other plans, masters
 * — a read is no change —, sub-users, admins, and supervisors on a phone) gets a button that opens
 * the same form in a dialog, so no one who sees the data is left without its download.
 */
export function exportEntryOf(role: Pick<RoleContext, 'plans'>, viewWidth: number): ExportEntry {
  return isSupervisor(role) && viewWidth >= EXPORT_PANEL_MIN_WIDTH ? 'panel' : 'button';
}

/** The media query of a view narrower than the panel needs (MUI's useMediaQuery). */
export const NARROW_VIEW_QUERY = `(max-width:${EXPORT_PANEL_MIN_WIDTH - 0.05}px)`;
