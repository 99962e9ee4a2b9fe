/**
 * What a page drawn by the server (decision 0174) costs the server: the demo hay farmer's probe list and
 * a storage, asked for as a logged-in browser asks (the page cookie, the time zone and screen cookies,
 * brotli accepted), the server process's CPU time per page (from /proc, user + system) over rounds of
 * page views one after another; the median round, and the page's size before and after compression.
 * CPU time per page survives a loaded machine better than the wall time, which is printed beside it.
 * With --languages en,de the farmer's interface language is switched between the languages round by
 * round (a page in another language also reads and sets up the user's texts in it), and each language's
 * CPU per page is given beside the first's, as the median of the rounds' ratios.
 *
 *   npx tsx bench/web/drawnPageCost.ts [--rounds 5] [--pages 20] [--languages en,de]
 *
 * Needs `npm run build` (the demo app's server and the web app's server build). Results to stdout.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import { apiLogin, assertBuilt, startDemoApp, storagePath } from './demoApp.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    pages: { type: 'string', default: '20' },
    languages: { type: 'string', default: 'en' },
  },
});
const LANGUAGES = args.languages.split(',').filter((l) => /^[a-z]{2}$/.test(l));
if (LANGUAGES.length === 0)
  throw new Error(`--languages: language codes such as en,de, not ${args.languages}`);
const ROUNDS = Math.round(positive('rounds', args.rounds, 100));
const PAGES = Math.round(positive('pages', args.pages, 1_000));
/** Page views before the rounds: the server build loaded, its code warm. */
const WARM_UP = 3;
/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_S = 100;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

assertBuilt();
const app = await startDemoApp({ backfillDays: 1 });
/** The server process's CPU time so far, in milliseconds. */
const serverCpuMs = (): number => {
  const fields = readFileSync(`/proc/${app.server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
};
try {
  const { accessToken, pageCookie } = await apiLogin(app.baseUrl);
  const speak = async (language: string) => {
    const saved = await fetch(`${app.baseUrl}/client/uiPrefs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ prefs: { language } }),
    });
    if (!saved.ok) throw new Error(`the language ${language} was not saved: ${saved.status}`);
  };
  console.log(`load ${load()}`);
  for (const path of ['/probes', await storagePath(app.baseUrl, accessToken)]) {
    // node:http, not fetch: fetch decodes the body, and the bytes sent are part of what is measured.
    const get = () =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((done, fail) => {
        const req = request(`${app.baseUrl}${path}`, {
          headers: {
            accept: 'text/html',
            'accept-encoding': 'br',
            cookie: `${pageCookie}; tz=Europe/Helsinki; ew_screen=412`,
          },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            done({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
          res.on('error', fail);
        });
        req.on('error', fail);
        req.end();
      });
    const cpuPerPage = new Map<string, number[]>(LANGUAGES.map((l) => [l, []]));
    const wallPerPage = new Map<string, number[]>(LANGUAGES.map((l) => [l, []]));
    const lastOf = new Map<string, { encoding: string | undefined; body: Buffer }>();
    for (const language of LANGUAGES) {
      await speak(language);
      for (let i = 0; i < WARM_UP; i++) await get();
    }
    for (let r = 0; r < ROUNDS; r++)
      for (const language of LANGUAGES) {
        await speak(language);
        let last = await get();
        const cpu = serverCpuMs();
        const wall = performance.now();
        for (let i = 0; i < PAGES; i++) last = await get();
        cpuPerPage.get(language)!.push((serverCpuMs() - cpu) / PAGES);
        wallPerPage.get(language)!.push((performance.now() - wall) / PAGES);
        lastOf.set(language, last);
      }
    for (const language of LANGUAGES) {
      const last = lastOf.get(language)!;
      const cpu = cpuPerPage.get(language)!;
      const html =
        last.encoding === 'br' ? brotliDecompressSync(last.body).toString() : last.body.toString('utf8');
      if (!html.includes('id="ew-state"') || !html.includes(`<html lang="${language}">`))
        throw new Error(`${path} was not drawn by the server in ${language}`);
      const first = cpuPerPage.get(LANGUAGES[0]!)!;
      const ratio =
        language === LANGUAGES[0]
          ? ''
          : `; ÷ ${LANGUAGES[0]} ${median(cpu.map((c, i) => c / first[i]!)).toFixed(2)}`;
      console.log(
        `${path} in ${language}: server CPU per page ${median(cpu).toFixed(1)} ms (median of ${ROUNDS} rounds of ${PAGES}, ` +
          `${Math.min(...cpu).toFixed(1)}–${Math.max(...cpu).toFixed(1)}${ratio}); wall ${median(wallPerPage.get(language)!).toFixed(1)} ms; ` +
          `${(html.length / 1024).toFixed(1)} kB of HTML, ${(last.body.length / 1024).toFixed(1)} kB as sent (${last.encoding ?? 'identity'})`,
      );
    }
  }
  console.log(`load ${load()}`);
} finally {
  await app.stop();
}
