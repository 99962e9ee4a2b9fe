import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { DRAWN_PAGE_SCRIPT } from '@emberwatch/shared/contracts/drawnPage';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { PageRenderer, type PageViewerOf } from './PageRenderer.js';

export { compressedFor } from './compressedFor.js';

const DRAWN_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DRAWN_PAGE_SCRIPT).digest('base64')}'`;

/**
 * Pages drawn on the server (decision 0174): a logged-in user's page of the web app arrives drawn, from
 * the web app's server build; the server's not-found handler (createServer.ts), which sends the web
 * app's index.html for its pages, asks here first.
 */
export function pagesFeature(kernel: Kernel, deps: { pageViewer: PageViewerOf; log: FastifyBaseLogger }) {
  const renderer = new PageRenderer(deps.pageViewer, () => kernel.nowS() * 1000, deps.log);
  return defineFeature({
    name: 'pages',
    // The drawn page's one inline script (it keeps the taps made before the app takes over, and hides a page
    // drawn for an admin's own view from a tab that works for a customer), by its hash.
    contentSources: () => ({ scriptSrc: [DRAWN_PAGE_SCRIPT_HASH] }),
    exports: {
      drawnPage: (req: FastifyRequest, app: FastifyInstance, dist: string) => renderer.html(req, app, dist),
    },
  });
}

export type PagesExports = ReturnType<typeof pagesFeature>['exports'];
