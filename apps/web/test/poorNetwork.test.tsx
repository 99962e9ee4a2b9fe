import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import {
  onlineManager,
  QueryClientProvider,
  useMutation,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { createQueryClient, queueWhenOffline } from '../src/lib/createQueryClient';
import { ConnectionNotices } from '../src/features/offline';
import { renderWithProviders } from './support/renderWithProviders';

// Issue 35 item 4, decision 0140: reads are tried again with back-off and say so; a save that cannot
// reach the server is either queued until the network returns or reported as not saved.

const network = () => new ApiRequestError('network', 0, 0, null);
const http = (status: number, retryAfterS: number | null = null) =>
  new ApiRequestError('http', status, status, null, retryAfterS);

/** A call answering from a list: an error is thrown, anything else returned. */
function scripted(answers: (string | Error)[]) {
  return vi.fn((_variables?: unknown): Promise<string> => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(String(next));
  });
}

function Reader({ fn }: { fn: () => Promise<string> }) {
  const q = useQuery({ queryKey: ['thing'], queryFn: fn });
  if (q.error) return <p>error shown</p>;
  return <p>{q.data === undefined ? 'loading' : `data: ${q.data}`}</p>;
}

function Saver({ fn, queued = false }: { fn: (v: string) => Promise<unknown>; queued?: boolean }) {
  const m = useMutation({ mutationFn: fn, ...(queued ? queueWhenOffline(() => 0) : {}) });
  return (
    <p>
      <button onClick={() => m.mutate('the change')}>save</button>
      <span>{m.isSuccess ? 'saved' : m.isError ? 'failed' : m.isPending ? 'saving' : 'idle'}</span>
    </p>
  );
}

let client: QueryClient;
function show(ui: React.ReactNode) {
  // random = 0: the shortest waits of the schedule (0.5 s, 1 s, 2 s, 4 s).
  client = createQueryClient({ random: () => 0 });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ConnectionNotices />
      {ui}
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
  client.clear();
});

describe('a read on a poor network', () => {
  it('that fails twice with 503 says it is trying again, then shows the data with no error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fn = scripted([http(503), http(503), 'probes']);
    show(<Reader fn={fn} />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Slow connection — trying again…');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fn).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fn).toHaveBeenCalledTimes(3);
    expect(screen.getByText('data: probes')).toBeTruthy();
    expect(screen.queryByText('error shown')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves the offline banner to speak while the browser is offline, and tries again when it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fn = scripted([network(), 'back']);
    show(<Reader fn={fn} />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toContain('Slow connection — trying again…');
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fn).toHaveBeenCalledTimes(1);
    act(() => onlineManager.setOnline(true));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('data: back')).toBeTruthy();
  });

  it('shows an error only when every try failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fn = scripted([network()]);
    show(<Reader fn={fn} />);
    await act(() => vi.advanceTimersByTimeAsync(0.5e3 + 1e3 + 2e3 + 3.9e3));
    expect(fn).toHaveBeenCalledTimes(4);
    expect(screen.queryByText('error shown')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fn).toHaveBeenCalledTimes(5);
    expect(screen.getByText('error shown')).toBeTruthy();
  });

  it('is not tried again after a 404', async () => {
    const fn = scripted([http(404)]);
    show(<Reader fn={fn} />);
    expect(await screen.findByText('error shown')).toBeTruthy();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits as long as a 429’s Retry-After asks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fn = scripted([http(429, 3), 'later']);
    show(<Reader fn={fn} />);
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fn).toHaveBeenCalledTimes(2);
    expect(screen.getByText('data: later')).toBeTruthy();
  });
});

describe('a save on a poor network', () => {
  it('that cannot reach the server is reported as not saved, and its Try again sends the same change', async () => {
    const fn = scripted([network(), 'ok']);
    const { user } = show(<Saver fn={fn} />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Not saved: the server could not be reached.');
    expect(screen.getByText('failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('saved')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn.mock.calls.map((c) => c[0])).toEqual(['the change', 'the change']);
  });

  it('made while the browser is offline is sent at once and reported, not held unseen', async () => {
    onlineManager.setOnline(false);
    const fn = scripted([network()]);
    const { user } = show(<Saver fn={fn} />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('refused by the server is left to its form (no "not saved" notice)', async () => {
    const fn = scripted([http(400)]);
    const { user } = show(<Saver fn={fn} />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('of a queued kind waits for the network, says so, and is sent when it returns', async () => {
    onlineManager.setOnline(false);
    const fn = scripted(['ok']);
    const { user } = show(<Saver fn={fn} queued />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Changes waiting for the network: 1. They are saved when the connection returns.',
    );
    expect(fn).not.toHaveBeenCalled();
    expect(screen.getByText('saving')).toBeTruthy();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('saved')).toBeTruthy();
    expect(fn).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('of a queued kind whose connection dropped mid-call is tried again until it goes through', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fn = scripted([network(), network(), 'ok']);
    const { user } = show(<Saver fn={fn} queued />);
    await user.click(screen.getByRole('button', { name: 'save' }));
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(fn).toHaveBeenCalledTimes(3);
    expect(screen.getByText('saved')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
