import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiRequestError } from '../src/lib/ApiRequestError';
import { LoadErrorAlert } from '../src/ui/LoadErrorAlert';
import { renderWithProviders } from './support/renderWithProviders';

// The alert every page and tab shows when its data could not be loaded (spec doc 1 §8 tells a
// failed answer from a network failure).
describe('LoadErrorAlert', () => {
  it.each([
    [
      'a network failure',
      new ApiRequestError('network', 0, 0, null),
      'Cannot reach the server. Check your connection and try again.',
    ],
    ['a failed answer', new ApiRequestError('http', 500, 500, 'boom'), 'The data could not be loaded.'],
    ['any other error', new Error('parse'), 'The data could not be loaded.'],
    ['no error given', undefined, 'The data could not be loaded.'],
  ])('says what went wrong for %s', async (_what, error, text) => {
    renderWithProviders(<LoadErrorAlert error={error} onRetry={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('tries again on its button', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<LoadErrorAlert onRetry={onRetry} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
