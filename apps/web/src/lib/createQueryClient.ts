import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './ApiRequestError';

const MAX_RETRIES = 2;

/**
 * A refused request (4xx) is not retried: the answer will not change and a 401 has already had
 * its one refresh-and-retry in the API client. Network failures and 5xx get two more tries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (isApiRequestError(error) && error.httpStatus >= 400 && error.httpStatus < 500) return false;
          return failureCount < MAX_RETRIES;
        },
        // Live data arrives through the WebSocket push; refetching on every focus would only add load.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
