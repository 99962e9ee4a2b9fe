import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  DRAWN_STATE_ID,
  isPageRedirect,
  TIME_ZONE_COOKIE,
  type PageRedirect,
  type PageRenderInput,
  type PageRenderResult,
} from '@emberwatch/shared/contracts/drawnPage';
import { PAGE_COOKIE, type PageViewer } from '../sessions/index.js';
import { classesOfCss, drawnPageHtml, type BuiltStyleSheet } from './drawnPageHtml.js';

/** The page cookie's viewer (the sessions feature): who the page is drawn for, with a fresh token. */
export type PageViewerOf = (cookie: string | undefined) => Promise<PageViewer | null>;

/** A path of this site: one slash, then anything but a second slash or a backslash (no other host). */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** What the web app's server build (apps/web/src/entry-server.tsx) exports, as used here. */
interface WebServerEntry {
  renderPage(input: PageRenderInput): Promise<PageRenderResult | PageRedirect | null>;
}

interface Build {
  template: string;
  styleSheets: BuiltStyleSheet[];
  entry: Promise<WebServerEntry | null>;
}

/**
 * Draws a logged-in user's page on the server (decision 0174) with the web app's server build
 * (dist-server/ beside the web build), from the server's own API called in process as that user — the
 * same routes and access checks the browser's calls meet. One page at a time: the web build keeps the
 * page's cookies, moment and time zone in module state while it renders (web: lib/renderContext.ts),
 * and a render is CPU work that would only queue behind another anyway.
 */
export class PageRenderer {
  private builds = new Map<string, Build | null>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly viewerOf: PageViewerOf,
    private readonly nowMs: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The drawn page for this request, or null for the web build's index.html as it is: no server build,
   * no page cookie or time zone, a viewer the cookie no longer names, or a page the web app leaves to
   * the browser (not the logged-in app's, a failed read).
   */
  async html(req: FastifyRequest, app: FastifyInstance, dist: string): Promise<string | PageRedirect | null> {
    const timeZone = req.cookies[TIME_ZONE_COOKIE];
    const cookie = req.cookies[PAGE_COOKIE];
    if (!timeZone || !cookie) return null;
    const build = this.buildOf(dist);
    if (!build) return null;
    const entry = await build.entry;
    if (!entry) return null;
    const viewer = await this.viewerOf(cookie);
    if (!viewer) return null;
    const render = () =>
      entry.renderPage({
        url: req.url,
        token: viewer.token,
        fetch: inProcessFetch(app, req.headers['user-agent']),
        cookies: req.headers.cookie ?? '',
        timeZone,
        nowMs: this.nowMs(),
      });
    const next = this.queue.then(render, render);
    this.queue = next.catch(() => undefined);
    try {
      const drawn = await next;
      if (!drawn) return null;
      // Only a path of this site: the web app's redirects are its own pages, and nothing else is followed.
      if (isPageRedirect(drawn)) return SITE_PATH.test(drawn.redirect) ? drawn : null;
      return drawnPageHtml(build.template, { ...drawn, stateId: DRAWN_STATE_ID }, build.styleSheets);
    } catch (err) {
      this.log.warn({ err, url: req.url }, 'page not drawn on the server');
      return null;
    }
  }

  /** The web build at `dist` and its server build, read once. */
  private buildOf(dist: string): Build | null {
    let build = this.builds.get(dist);
    if (build !== undefined) return build;
    const entryFile = resolve(dist, '../dist-server/entry-server.js');
    build = existsSync(entryFile)
      ? {
          template: readFileSync(join(dist, 'index.html'), 'utf8'),
          styleSheets: styleSheetsOf(dist),
          entry: import(pathToFileURL(entryFile).href).then(
            (m: WebServerEntry) => m,
            (err: unknown) => {
              this.log.error(
                { err },
                'the web app’s server build did not load: pages are drawn by the browser',
              );
              return null;
            },
          ),
        }
      : null;
    this.builds.set(dist, build);
    return build;
  }
}

/** The build's style sheets (dist/assets/*.css) with the classes each names. */
function styleSheetsOf(dist: string): BuiltStyleSheet[] {
  const assets = join(dist, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .map((f) => {
      const css = readFileSync(join(assets, f), 'utf8');
      return { href: `/assets/${f}`, css, classes: classesOfCss(css) };
    });
}

/** `fetch` for the web app's API client, answered by this server's routes in process (no socket). */
function inProcessFetch(app: FastifyInstance, userAgent: string | undefined): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    if (userAgent) headers['user-agent'] = userAgent;
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : (Array.isArray(v) ? v : [String(v)]).map((x): [string, string] => [k, x]),
      ),
    });
  };
}
