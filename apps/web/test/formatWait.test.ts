import { describe, expect, it } from 'vitest';
import { formatWait } from '../src/features/sessions/formatWait';

describe('formatWait', () => {
  it.each([
    [1, 'en', '1 second'],
    [45, 'en', '45 seconds'],
    [59, 'en', '59 seconds'],
    [60, 'en', '1 minute'],
    // Rounded up: the user never comes back too early.
    [61, 'en', '2 minutes'],
    [300, 'en', '5 minutes'],
    [300, 'de', '5 Minuten'],
    [45, 'fi', '45 sekuntia'],
    [120, 'hr', '2 minute'],
    [0.4, 'en', '1 second'],
  ])('says %d s in %s as "%s"', (seconds, language, text) => {
    expect(formatWait(seconds, language)).toBe(text);
  });
});
