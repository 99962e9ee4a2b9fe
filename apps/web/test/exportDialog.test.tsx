import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ExportReading } from '@emberwatch/shared/contracts/export';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { ExportDialog } from '../src/features/export/ExportDialog';
import type { ExportFile, LoadReadings } from '../src/features/export/runExport';
import { renderWithProviders } from './support/renderWithProviders';

const NOW = Math.floor(Date.now() / 1000);
const probes = [
  { id: 'H10001', name: 'North wall' },
  { id: 'H10002', name: null },
];
const prefs = { unit: 'C' as const, dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm' };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const answer = (q: { sensorIDs: string[] }): ExportReading[] =>
  q.sensorIDs.map((a) => ({ a, b: NOW - 3600, h: 215, hh: [215, 300] }));

function renderDialog(load: LoadReadings) {
  const save = vi.fn<(file: ExportFile) => void>();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <ExportDialog
      open
      onClose={onClose}
      storageName="North barn"
      probes={probes}
      prefs={prefs}
      nowS={NOW}
      load={load}
      save={save}
    />,
  );
  return { ...view, save, onClose };
}

describe('export dialog', () => {
  it('opens idle on the last 30 days in the user’s date format, one sheet per probe', () => {
    renderDialog(vi.fn());
    const d = new Date(NOW * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByTestId<HTMLInputElement>('export-to').value).toBe(
      `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'One sheet per probe' }).checked).toBe(true);
    expect(screen.getByText('Temperatures in °C, times in your date format.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download .xlsx' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows its progress while loading, then saves the file named by storage and period and closes', async () => {
    const pending = deferred<ExportReading[]>();
    const load = vi.fn<LoadReadings>(() => pending.promise);
    const { user, save, onClose } = renderDialog(load);
    await user.click(screen.getByRole('radio', { name: 'All probes on one sheet' }));
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByText('Preparing the file… 0 %')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .xlsx' }).hasAttribute('disabled')).toBe(true);
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ sensorIDs: ['H10001', 'H10002'] }));
    pending.resolve(answer(load.mock.calls[0]![0]));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const file = save.mock.calls[0]![0];
    expect(file.fileName).toMatch(/^North barn \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.data.byteLength).toBeGreaterThan(1000);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows "ERROR: status={code}" for an answer with a status code and keeps the form for another try', async () => {
    const load = vi.fn<LoadReadings>(() =>
      Promise.reject(new ApiRequestError('http', 403, 403, 'No access')),
    );
    const { user, save } = renderDialog(load);
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    expect((await screen.findByTestId('export-error')).textContent).toContain('ERROR: status=403');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download .xlsx' }).hasAttribute('disabled')).toBe(false);
    expect(save).not.toHaveBeenCalled();
  });

  it('shows "ERROR: {message}" for a request that failed', async () => {
    const load = vi.fn<LoadReadings>(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderDialog(load);
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    expect((await screen.findByTestId('export-error')).textContent).toContain('ERROR: Failed to fetch');
  });

  it('discards an answer that comes after cancel: no file, no error, back to idle', async () => {
    const first = deferred<ExportReading[]>();
    const load = vi.fn<LoadReadings>(() => first.promise);
    const { user, save, onClose } = renderDialog(load);
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    first.resolve(answer(load.mock.calls[0]![0]));
    await new Promise((r) => setTimeout(r, 300));
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download .xlsx' }).hasAttribute('disabled')).toBe(false);
  });

  it('discards a late failure after cancel, and a new run after it saves its own file', async () => {
    const late = deferred<ExportReading[]>();
    const load = vi
      .fn<LoadReadings>()
      .mockImplementationOnce(() => late.promise)
      .mockImplementation((q) => Promise.resolve(answer(q)));
    const { user, save } = renderDialog(load);
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    late.reject(new ApiRequestError('http', 500, 500, 'late'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(screen.queryByTestId('export-error')).toBeNull();
  });

  it('refuses a start after the end and a start more than about a year back', async () => {
    const { user } = renderDialog(vi.fn());
    const from = screen.getByTestId('export-from');
    await user.clear(from);
    await user.type(from, '01/01/2001{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(
      /Data can be exported from \d{2}\/\d{2}\/\d{4} on\./,
    );
    expect(screen.getByRole('button', { name: 'Download .xlsx' }).hasAttribute('disabled')).toBe(true);
    await user.clear(from);
    await user.type(from, `01/01/${new Date(NOW * 1000).getFullYear() + 1}{Enter}`);
    expect(screen.getByRole('alert').textContent).toBe('The start is after the end.');
  });
});
