import userEvent from '@testing-library/user-event';

/**
 * The tests' user. Without a delay user-event types and clicks without a timer turn between its steps
 * (it still awaits each step): a typed word is one task instead of one per key, and a test waits for
 * what it expects, not for the event loop to come round (docs/PERFORMANCE.md, "The test run").
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, ...options });
}
