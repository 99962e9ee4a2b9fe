import type { z } from 'zod';
import type { LiveMessage } from '@emberwatch/shared/contracts/realtime';
import type { BusEvents } from '../realtime/EventBus.js';

/** A bus event's payload as it travels between instances (`remote` is set by the receiver). */
export type BusPayload<K extends keyof BusEvents> = Omit<BusEvents[K], 'remote'>;

/**
 * Who receives a pushed event, and as which message of the feature's shared contract:
 * - `stations`: every user who may see one of the stations, in a message naming only those;
 * - `accounts`: every user who may see one of the accounts (admins see every one).
 */
export type LivePush<P> = { readonly contract: z.ZodType<LiveMessage> } & (
  | {
      readonly to: 'stations';
      readonly stationsOf: (event: P) => readonly string[];
      readonly message: (visible: readonly string[], event: P) => LiveMessage;
    }
  | {
      readonly to: 'accounts';
      readonly accountsOf: (event: P) => readonly number[];
      readonly message: (event: P) => LiveMessage | null;
    }
);

/**
 * A bus event a feature declares (decision 0085): the schema another server instance's copy must
 * pass before it goes onto this instance's bus (the PostgreSQL relay carries every declared event),
 * and, when users see it live, the push. The bus refuses an event no feature declares.
 */
export interface LiveEvent<K extends keyof BusEvents> {
  readonly payload: z.ZodType<BusPayload<K>>;
  readonly push?: LivePush<BusEvents[K]>;
}

/** The events a feature declares, by name; the payload types come from its `BusEvents` augmentation. */
export type LiveEvents = { readonly [K in keyof BusEvents]?: LiveEvent<K> };

/** A push to the stations' viewers, its message typed by the feature's shared live contract. */
export function pushToStations<P, M extends LiveMessage>(
  contract: z.ZodType<M>,
  stationsOf: (event: P) => readonly string[],
  message: (visible: readonly string[], event: P) => M,
): LivePush<P> {
  return { contract, to: 'stations', stationsOf, message };
}

/** A push to the accounts' viewers, its message typed by the feature's shared live contract. */
export function pushToAccounts<P, M extends LiveMessage>(
  contract: z.ZodType<M>,
  accountsOf: (event: P) => readonly number[],
  message: (event: P) => M | null,
): LivePush<P> {
  return { contract, to: 'accounts', accountsOf, message };
}
