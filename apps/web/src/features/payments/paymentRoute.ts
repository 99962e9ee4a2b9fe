/**
 * Spec doc 2 §2.8 nested routes: /account/services/checkout/ with an optional type=sim or type=api
 * (plan upgrade or renewal when absent; the notifications also send type=plan), and
 * /account/services/renewal (the Insight service; also ?upgrade=1).
 */
export type PaymentRoute =
  { kind: 'checkout'; type: 'plan' | 'sim' | 'api' } | { kind: 'renewal'; upgrade: boolean };

export function paymentRouteOf(pathname: string, search: string): PaymentRoute | null {
  const path = pathname.replace(/\/+$/, '');
  const q = new URLSearchParams(search);
  if (path === '/account/services/checkout') {
    const type = q.get('type');
    return { kind: 'checkout', type: type === 'sim' || type === 'api' ? type : 'plan' };
  }
  if (path === '/account/services/renewal') return { kind: 'renewal', upgrade: q.get('upgrade') === '1' };
  return null;
}
