import { lazy } from 'react';
import type { PageDefinition } from '../../lib/pageDefinition';

/** /insight (spec doc 1 §2 "Plan and survey page", non-exact): no menu entry; the shell leads there. */
export const insightPages = [
  {
    paths: ['insight/*'],
    titleKey: 'insight.title',
    component: lazy(() => import('./InsightPage').then((m) => ({ default: m.InsightPage }))),
  },
] satisfies readonly PageDefinition[];
