import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useOnline } from '../src/features/offline/useOnline';
import { useOldestShownData } from '../src/features/offline/useOldestShownData';
import { useFailedSaves, useQueuedSaves, useReadRetrying } from '../src/features/offline/useConnectionState';

// The shell's connection hooks render on a server too (decision 0174, bench/web/serverRender.ts): a
// `useSyncExternalStore` without a server snapshot throws there, and React would draw the whole shell in
// the browser instead.
function Shown() {
  const online = useOnline();
  const oldest = useOldestShownData();
  const retrying = useReadRetrying();
  const queued = useQueuedSaves();
  const { failed } = useFailedSaves();
  return (
    <p>
      {String(online)} {String(oldest)} {String(retrying)} {queued} {failed.length}
    </p>
  );
}

describe('the connection hooks in a server render', () => {
  it('render with the values the browser starts with', () => {
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <Shown />
      </QueryClientProvider>,
    );
    expect(html).toBe(
      '<p>true<!-- --> <!-- -->null<!-- --> <!-- -->false<!-- --> <!-- -->0<!-- --> <!-- -->0</p>',
    );
  });
});
