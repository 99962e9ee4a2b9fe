import { describe, expect, it } from 'vitest';
import { connectionsByUser, serverSocketRefusal } from '../../src/domain/liveSwitches.js';

describe('the live switches', () => {
  it.each([
    ['push', 'on', false, null],
    ['push', 'off', true, null],
    ['push', 'reconnect', false, null],
    ['relay', 'reconnect', true, null],
    ['relay', 'on', true, 400],
    ['relay', 'off', true, 400],
    ['relay', 'reconnect', false, 409],
    ['relay', 'off', false, 409],
  ] as const)('%s %s with a relay %s: %s', (link, action, hasRelay, status) => {
    expect(serverSocketRefusal(link, action, hasRelay)?.status ?? null).toBe(status);
  });

  it('groups the connections by user, most sockets first, each oldest first', () => {
    const c = (id: string, userId: number, connectedTs: number) => ({
      id,
      instance: 'a',
      userId,
      connectedTs,
    });
    expect(
      connectionsByUser([c('1', 7, 50), c('2', 3, 10), c('3', 7, 20), c('4', 9, 5), c('5', 3, 10)]).map(
        (g) => [g.userId, g.connections.map((x) => x.id)],
      ),
    ).toEqual([
      [3, ['2', '5']],
      [7, ['3', '1']],
      [9, ['4']],
    ]);
    expect(connectionsByUser([])).toEqual([]);
  });
});
