/**
 * The texts of the languages this device has shown, kept for opening offline (decision 0145). Only
 * English ships in the bundle; another language's texts are the answer of `GET
 * /client/getAnonymousTranslations?locale=…` before login and of `GET /client/getUserTranslations?
 * locale=…&UID=…` after it — the same texts (the server answers both from the one store, decision
 * 0007). The worker answers both from the network as before and keeps each good answer under the
 * public call's address, where the next start asks first (the language of its cookie, the user's own
 * once they have logged in); with no network it answers from what it kept. These texts are the same
 * for every visitor: nothing of an account is kept here.
 */
export const TEXTS_CACHE = 'emberwatch-texts-v1';

const TEXTS_PATHS: ReadonlySet<string> = new Set([
  '/client/getAnonymousTranslations',
  '/client/getUserTranslations',
]);

/**
 * Under which address the worker keeps this request's answer: the public texts call of its language,
 * for a GET of either texts call of this origin that names a language; else null (not the worker's).
 */
export function keptTextsKey(request: { method: string; url: string }, origin: string): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  const locale = url.searchParams.get('locale');
  if (url.origin !== origin || !TEXTS_PATHS.has(url.pathname) || !locale) return null;
  return `${origin}/client/getAnonymousTranslations?${new URLSearchParams({ locale }).toString()}`;
}

/** The part of the Cache API the rule uses (a stand-in in the tests). */
export type TextsCache = Pick<Cache, 'match' | 'put'>;

/**
 * The network first; a good answer (200) is kept under `key`, replacing the one before. No answer at
 * all: the kept one, else the failure as it came — the app then shows its bundled English, as before.
 */
export async function networkThenKept(
  request: Request,
  key: string,
  cache: TextsCache,
  fetchFn: (request: Request) => Promise<Response>,
): Promise<Response> {
  let answer: Response;
  try {
    answer = await fetchFn(request);
  } catch (failure) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw failure;
  }
  if (answer.status === 200) await cache.put(key, answer.clone()).catch(() => undefined);
  return answer;
}
