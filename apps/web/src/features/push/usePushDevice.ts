import { useCallback, useEffect, useState } from 'react';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { isNetworkFailure } from '../../lib/ApiRequestError';
import { activeServiceWorker } from './registerServiceWorker';
import { applicationServerKey, deviceLabel, isAppleMobile, madeWithKey, pushSupported } from './pushDevice';

/**
 * Where this browser stands with the user's alerts:
 * - unsupported: no service worker or push here (on an iPhone: not added to the Home Screen);
 * - denied: the user blocked notifications for the site; only the browser's settings undo that;
 * - enabled: this browser's subscription gets the logged-in user's alerts;
 * - disabled: it does not (never turned on, turned off, or turned on by another user of the browser).
 * `notice` says why an attempt to turn alerts on ended disabled.
 */
export type PushDeviceState =
  | { name: 'checking' }
  | { name: 'unsupported'; appleMobile: boolean }
  | { name: 'denied' }
  | { name: 'enabled' }
  | { name: 'disabled'; notice?: 'notAllowed' | 'failed' | 'offline' };

async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/** What the browser and the server say now. */
export async function readPushState(api: ApiClient): Promise<PushDeviceState> {
  if (!pushSupported())
    return { name: 'unsupported', appleMobile: isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) };
  if (Notification.permission === 'denied') return { name: 'denied' };
  if (Notification.permission !== 'granted') return { name: 'disabled' };
  try {
    const subscription = await browserSubscription();
    if (!subscription) return { name: 'disabled' };
    const status = await api.call(endpoints.push.getPushStatus, { endpoint: subscription.endpoint });
    return { name: status.subscribed ? 'enabled' : 'disabled' };
  } catch {
    return { name: 'disabled' };
  }
}

/** Turns alerts on in this browser: permission, service worker, subscription, then the server. */
async function turnOn(api: ApiClient): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { name: 'denied' };
  if (permission !== 'granted') return { name: 'disabled', notice: 'notAllowed' };
  const [{ publicKey }, registration] = await Promise.all([
    api.call(endpoints.push.getPushKey),
    activeServiceWorker(),
  ]);
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (another server, or keys made anew) cannot be signed for.
  if (subscription && !madeWithKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON();
  await api.call(endpoints.push.subscribePush, {
    subscription: {
      endpoint: subscription.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
    label: deviceLabel(navigator.userAgent),
  });
  return { name: 'enabled' };
}

/**
 * Turns alerts off in this browser: the server forgets the device, and the browser drops the
 * subscription even when the server could not be told — the push service then answers "gone" to the
 * server's next message, and the server removes the device itself. When another user of this browser
 * still gets alerts through it (a shared tablet, decision 0073), the browser keeps the subscription:
 * dropping it would silently end that user's alerts here.
 */
async function turnOff(api: ApiClient): Promise<PushDeviceState> {
  const subscription = await browserSubscription().catch(() => null);
  if (subscription) {
    const answer = await api
      .call(endpoints.push.unsubscribePush, { endpoint: subscription.endpoint })
      .catch(() => undefined);
    if (!answer?.shared) await subscription.unsubscribe().catch(() => false);
  }
  return { name: 'disabled' };
}

/** The "Alerts on this device" switch's state and actions (decision 0048). */
export function usePushDevice() {
  const api = useApiClient();
  const [state, setState] = useState<PushDeviceState>({ name: 'checking' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readPushState(api).then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [api]);

  const run = useCallback(async (action: () => Promise<PushDeviceState>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch (error) {
      setState({ name: 'disabled', notice: isNetworkFailure(error) ? 'offline' : 'failed' });
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    enable: () => run(() => turnOn(api)),
    disable: () => run(() => turnOff(api)),
    /** Reads the state again (after a test found this device gone). */
    refresh: () => run(() => readPushState(api)),
  };
}
