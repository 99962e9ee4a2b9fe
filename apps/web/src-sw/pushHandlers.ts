/*
 * The service worker's web push (decision 0048, amended by 0129): shows the alerts the server pushes,
 * even with no tab open, with two actions — open the probe, or acknowledge it there and then through
 * the signed link the message carries (no app opened, no session needed). Written against the few
 * members of the worker's global scope it uses, so that the web tests run it against a stand-in.
 */

/** The members of ServiceWorkerGlobalScope this module uses. */
export interface PushScope {
  addEventListener(type: 'push' | 'notificationclick', listener: (event: never) => void): void;
  location: { origin: string };
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  fetch(
    url: string,
    init: { method: 'POST'; headers: Record<string, string>; body: string },
  ): Promise<{
    ok: boolean;
  }>;
}

interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowLike | null>;
}

interface ExtendableEvent {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationClickLike extends ExtendableEvent {
  action?: string;
  notification: { close(): void; data?: { url?: unknown; ack?: unknown } | null };
}

/** The actions a notification offers (their ids; the labels come worded in the message). */
export const OPEN_ACTION = 'open';
export const ACK_ACTION = 'ack';

/** A path of this app ("/storages/3/probes/H1"); anything else opens the start page. */
export function appPath(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/';
}

function readPayload(data: PushEventLike['data']): Record<string, unknown> {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { body: data.text() };
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The acknowledgement of a pushed alert: a signed token, only with the label to offer it under. */
function ackOf(p: Record<string, unknown>): { token: string; label: string; openLabel: string } | null {
  const a = p.ack as Record<string, unknown> | undefined;
  if (!a || typeof a !== 'object') return null;
  const token = text(a.token);
  const label = text(a.label);
  return token && label ? { token, label, openLabel: text(a.openLabel) } : null;
}

/** The notification of a pushed message: title, text and, for an alert still on, its two actions. */
export function notificationOf(payload: unknown): { title: string; options: Record<string, unknown> } {
  const p = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const tag = text(p.tag) || undefined;
  const url = appPath(p.url);
  const ack = ackOf(p);
  const options: Record<string, unknown> = {
    body: text(p.body),
    // One alert, one notification: its repeat or all-clear replaces it, and rings again.
    tag,
    renotify: tag !== undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: ack ? { url, ack: ack.token } : { url },
  };
  if (ack)
    options.actions = [
      { action: OPEN_ACTION, title: ack.openLabel || 'Open' },
      { action: ACK_ACTION, title: ack.label },
    ];
  return { title: text(p.title) || 'Emberwatch', options };
}

/** The call that acknowledges with a signed token (packages/shared contracts/delivery.ts). */
export const ACK_FROM_PUSH_PATH = '/client/acknowledgeFromPush';

export function installPushHandlers(scope: PushScope): void {
  async function openApp(path: string): Promise<unknown> {
    const target = new URL(appPath(path), scope.location.origin).href;
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = windows.find((w) => w.url === target);
    if (same) return same.focus();
    // A tab of the app already open: bring it forward on the alert's page.
    const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
    if (open) {
      try {
        const moved = await open.navigate(target);
        if (moved) return moved.focus();
      } catch {
        // A tab this worker does not control cannot be navigated: open a new one below.
      }
    }
    return scope.clients.openWindow(target);
  }

  scope.addEventListener('push', (event: PushEventLike) => {
    const { title, options } = notificationOf(readPayload(event.data));
    event.waitUntil(scope.registration.showNotification(title, options));
  });

  scope.addEventListener('notificationclick', (event: NotificationClickLike) => {
    event.notification.close();
    const data = event.notification.data ?? {};
    const url = appPath(data.url);
    const token = typeof data.ack === 'string' ? data.ack : null;
    if (event.action === ACK_ACTION && token) {
      event.waitUntil(
        (async () => {
          // Acknowledged without opening the app. Refused (expired, already seen to) or no network:
          // the alert's page opens, where the person sees its state and can acknowledge there.
          try {
            const res = await scope.fetch(ACK_FROM_PUSH_PATH, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body: JSON.stringify({ token }),
            });
            if (res.ok) return;
          } catch {
            // No network: fall through to the page.
          }
          await openApp(url);
        })(),
      );
      return;
    }
    event.waitUntil(openApp(url));
  });
}
