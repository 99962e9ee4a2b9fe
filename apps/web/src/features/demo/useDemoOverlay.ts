import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import {
  applyDemoToPreferences,
  applyDemoToUserInfo,
  demoSettingsOf,
} from '@emberwatch/shared/domain/demoSwitch';
import { queryKeys } from '../../lib/queryKeys';
import { withDefaultPreferences } from '../sessions';
import type { DemoChoice } from './demoChoice';

/** The Insight feature's survey answers of an account (insightQueries.ts: ['insight', 'survey', uid]). */
const isSurveyKey = (key: QueryKey, uid: number) =>
  key[0] === 'insight' && key[1] === 'survey' && key[2] === uid;

/** The cached data as the demo type shows it, or undefined when the entry is not the overlay's. */
function overlaid(key: QueryKey, data: unknown, uid: number, choice: DemoChoice): unknown {
  if (data === undefined) return undefined;
  if (key[0] === queryKeys.session[0] && key.length === 1) {
    const s = data as SessionInfo;
    return {
      ...s,
      ui_preferences: applyDemoToPreferences(withDefaultPreferences(s.ui_preferences), choice.type),
    };
  }
  if (key[0] === queryKeys.allUserInfo[0] && key[1] === uid)
    return applyDemoToUserInfo(data as UserInfo, choice.type, choice.at);
  if (isSurveyKey(key, uid)) {
    const sample = demoSettingsOf(choice.type).surveyAnswers;
    return sample ?? data;
  }
  return undefined;
}

function apply(queryClient: QueryClient, key: QueryKey, uid: number, choice: DemoChoice): void {
  const data = queryClient.getQueryData(key);
  const next = overlaid(key, data, uid, choice);
  // Applying twice gives the same data: equal means done, which also ends the loop through the cache.
  if (next === undefined || JSON.stringify(next) === JSON.stringify(data)) return;
  queryClient.setQueryData(key, next);
}

/**
 * Keeps the switched demo on the screen (decision 0058): the session's preferences, the account's
 * user info (plans, service) and, for HAY, its survey answers are overlaid in the query cache, and
 * again whenever one of them is fetched anew; every page reads them from there and follows. Nothing
 * is sent to the server here.
 */
export function useDemoOverlay(uid: number | undefined, choice: DemoChoice | null): void {
  const queryClient = useQueryClient();
  // Leaving the demo (another station than DEMOdata) shows the server's data again.
  const hadChoice = useRef(false);
  useEffect(() => {
    if (choice === null && hadChoice.current)
      for (const queryKey of [queryKeys.session, queryKeys.allUserInfo, ['insight', 'survey']])
        void queryClient.invalidateQueries({ queryKey });
    hadChoice.current = choice !== null;
  }, [queryClient, choice]);
  useEffect(() => {
    if (uid === undefined || choice === null) return;
    const cache = queryClient.getQueryCache();
    for (const q of cache.getAll()) apply(queryClient, q.queryKey, uid, choice);
    // Without sample answers the account's own come back from the server.
    if (!demoSettingsOf(choice.type).surveyAnswers)
      void queryClient.invalidateQueries({ predicate: (q) => isSurveyKey(q.queryKey, uid) });
    return cache.subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const key: QueryKey = event.query.queryKey as QueryKey;
      // After the cache has told everyone about the fetched data.
      queueMicrotask(() => apply(queryClient, key, uid, choice));
    });
  }, [queryClient, uid, choice]);
}
