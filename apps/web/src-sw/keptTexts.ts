/**
 * The texts of the languages this device has shown, kept for opening offline (decision 0145). Only
 * English ships in the bundle; another language's texts are the answer of the public call
 * `GET /client/getAnonymousTranslations?locale=…` (decision 0007), which the app makes at every start
 * for the language of its cookie — the user's own once they have logged in. The worker answers it
 * from the network as before and keeps each good answer; with no network it answers from what it
 * kept. These texts are the same for every visitor (no account, no token): nothing of an account is
 * kept here. The user's own call (`getUserTranslations`, with a bearer) is left alone.
 */
export const TEXTS_CACHE = 'emberwatch-texts-v1';

const TEXTS_PATH = '/client/getAnonymousTranslations';

/** Whether the worker keeps this request's answer: a GET of the public texts call of this origin. */
export function isKeptTexts(request: { method: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.pathname === TEXTS_PATH;
}

/** The part of the Cache API the rule uses (a stand-in in the tests). */
export type TextsCache = Pick<Cache, 'match' | 'put'>;

/**
 * The network first; a good answer (200) is kept, replacing the one before. No answer at all: the
 * kept one for the same address (the same language), else the failure as it came — the app then
 * shows its bundled English, as before.
 */
export async function networkThenKept(
  request: Request,
  cache: TextsCache,
  fetchFn: (request: Request) => Promise<Response>,
): Promise<Response> {
  let answer: Response;
  try {
    answer = await fetchFn(request);
  } catch (failure) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw failure;
  }
  if (answer.status === 200) await cache.put(request, answer.clone()).catch(() => undefined);
  return answer;
}
