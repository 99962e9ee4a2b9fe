import type { ReactNode } from 'react';
import type { LazyPage } from './lazyWithPreload';
import type { OperatorToolName } from '@emberwatch/shared/domain/operatorTools';
import type { MenuEntry } from '@emberwatch/shared/domain/roles';
import type { TranslationKey } from '../i18n/translationKey';

/**
 * One page of a feature, declared beside it (`features/x/pages.tsx`) and listed once in
 * `app/pages.ts`. The shell derives everything else from that list: the routes under the logged-in
 * frame, the implemented side-menu entries with their targets and icons, and the page titles. It
 * lives in lib/ because features declare pages and never import the shell.
 */
export interface PageDefinition {
  /** Route patterns under the logged-in shell, without the leading slash: 'probes/:sensorId'. */
  paths: readonly string[];
  /** The i18n key of the page's title (top bar and document title). */
  titleKey: TranslationKey;
  /** The page, loaded on demand (lazyPage): no page is in the entry bundle. */
  component: LazyPage;
  /**
   * The side-menu entry that leads here, if any: `visibleMenuEntries` decides who sees it, this
   * says that the build has it, where it leads and its icon.
   */
  menu?: { entry: MenuEntry; path: string; icon: ReactNode };
  /**
   * A page of the admin area: the admin console's home (/admin) lists it under its title, with this
   * description, at `path`; with `operatorTool`, only to the staff levels that may use that tool.
   */
  adminTool?: { path: string; descriptionKey: TranslationKey; operatorTool?: OperatorToolName };
}

/** An admin page as the admin console's home lists it (from the page list's `adminTool`s). */
export interface AdminTool {
  path: string;
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
  /** The operator tool it is (OPERATOR_TOOLS): listed only to the levels that may use it. */
  operatorTool?: OperatorToolName;
}
