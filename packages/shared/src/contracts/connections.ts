import { z } from 'zod';
import { CONTROLLER_TYPES } from '../domain/kinds/controllerTypes.js';
import { FIELD_SYSTEM_STATUSES } from '../domain/fieldSystems.js';
import { CLIENT_SOCKET_ACTIONS, SERVER_LINKS, SERVER_SOCKET_ACTIONS } from '../domain/liveSwitches.js';
import { RC_TEST_DEFAULT_MINUTES, RC_TEST_MAX_MINUTES, RC_TEST_STATES } from '../domain/rcTestResponse.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { fcIdSchema } from './fans.js';

/**
 * The operator console's connections (issue 30 item 7, decision 0096): the live connections (the
 * WebSocket clients of every server instance and the server's own links) with their switches, the RC
 * test responses a technician sets for a fan controller's next polls (/rctest_), and the field
 * systems — every fan controller of the fleet — of /fs. Admins only; masters refused.
 */

// ---------------------------------------------------------------------------------------------
// Sockets
// ---------------------------------------------------------------------------------------------

export const RELAY_STATES = ['none', 'connected', 'connecting', 'stopped'] as const;
export const relayStatusSchema = z.object({
  state: z.enum(RELAY_STATES).describe('none: the server runs on SQLite, one instance, no relay.'),
  since_ts: z.int().nullable().describe('When it entered this state.'),
  sent: z.int().describe('Events sent to the other instances since start.'),
  received: z.int().describe('Events received from the other instances since start.'),
  reconnects: z.int(),
});
export type RelayStatus = z.infer<typeof relayStatusSchema>;

export const liveClientSchema = z.object({
  id: z.string().describe('The connection, unique on its instance.'),
  instance: z.string(),
  UID: z.int(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  connected_ts: z.int(),
  expires_ts: z.int().describe('When its access token runs out (the client then re-authenticates).'),
  stations: z.int().describe('Stations whose events it receives (admins receive every station).'),
  pushed: z.int().describe('Messages pushed to it.'),
  last_push_ts: z.int().nullable(),
  address: z.string().nullable(),
  agent: z.string().nullable().describe('The browser, as its User-Agent says.'),
  muted: z.boolean().describe('Live updates are disabled for its user.'),
});
export type LiveClient = z.infer<typeof liveClientSchema>;

export const liveInstanceSchema = z.object({
  instance: z.string(),
  self: z.boolean().describe('The instance that answered this call.'),
  started_ts: z.int(),
  seen_ts: z.int().describe('Its last report (other instances report every 10 s).'),
  push_enabled: z.boolean(),
  clients: z.int(),
  pending: z.int().describe('Sockets open but not yet authenticated.'),
  relay: relayStatusSchema,
});
export type LiveInstance = z.infer<typeof liveInstanceSchema>;

export const mutedUserSchema = z.object({
  UID: z.int(),
  username: z.string().nullable(),
  since_ts: z.int(),
  by: z.string().nullable(),
});
export type MutedUser = z.infer<typeof mutedUserSchema>;

export const socketStatusesResponseSchema = z.object({
  status_code: z.literal(0),
  now_ts: z.int(),
  push_enabled: z.boolean().describe('The live push to every client, on every instance.'),
  instances: z.array(liveInstanceSchema),
  clients: z.array(liveClientSchema),
  muted: z.array(mutedUserSchema).describe('Users whose live updates are disabled.'),
});
export type SocketStatusesResponse = z.infer<typeof socketStatusesResponseSchema>;

export const setClientSocketRequestSchema = z.strictObject({
  UID: z.int().positive(),
  action: z
    .enum(CLIENT_SOCKET_ACTIONS)
    .describe(
      'disconnect: close its sockets (the browser reconnects and subscribes afresh); disable: no live updates for the user until enabled; enable: live updates again.',
    ),
  connection: z.string().max(80).optional().describe('With disconnect: only this connection.'),
});
export const setClientSocketResponseSchema = z.object({
  status_code: z.literal(0),
  live: z.boolean().describe('Whether the user gets live updates now.'),
  disconnected: z.int().describe('Sockets this instance closed (others close theirs at once too).'),
});

export const setServerSocketRequestSchema = z.strictObject({
  link: z.enum(SERVER_LINKS),
  action: z
    .enum(SERVER_SOCKET_ACTIONS)
    .describe(
      'push: on/off the live push to every client on every instance; reconnect closes every client socket (they reconnect). relay: reconnect only.',
    ),
});
export const setServerSocketResponseSchema = z.object({
  status_code: z.literal(0),
  push_enabled: z.boolean(),
  relay: relayStatusSchema,
});

// ---------------------------------------------------------------------------------------------
// RC test responses
// ---------------------------------------------------------------------------------------------

export const rcTestSchema = z.object({
  FC_ID: z.string(),
  channel: z.int().nullable().describe('null: every channel.'),
  command: z.union([z.literal(0), z.literal(1)]),
  once: z.boolean().describe('Answered on one poll only.'),
  minutes: z.int().describe('How long it answers once switched on.'),
  enabled: z.boolean(),
  state: z.enum(RC_TEST_STATES),
  enabled_ts: z.int().nullable(),
  expires_ts: z.int().nullable(),
  answered_ts: z.int().nullable().describe('The first poll it answered since it was switched on.'),
  answers: z.int().describe('Polls it answered since it was switched on.'),
  set_ts: z.int(),
  set_by: z.string().nullable(),
});
export type RcTest = z.infer<typeof rcTestSchema>;

export const RC_TEST_LOG_KINDS = ['set', 'enabled', 'disabled', 'answered'] as const;
export const rcTestLogEntrySchema = z.object({
  id: z.int(),
  FC_ID: z.string(),
  ts: z.int(),
  kind: z.enum(RC_TEST_LOG_KINDS),
  channel: z.int().nullable(),
  command: z.int().nullable(),
  by: z.string().nullable().describe('The staff member (null for a poll).'),
});
export type RcTestLogEntry = z.infer<typeof rcTestLogEntrySchema>;

export const rcChannelModeSchema = z.object({
  channel: z.int(),
  name: z.string().nullable(),
  fc_mode: z.string().nullable().describe('The controller’s mode switch as reported: drive, on, off.'),
  command: z.int().describe('The scheduler’s command.'),
  is_manual: z.boolean(),
  in_use: z.int().nullable().describe('The storage it serves.'),
});

export const rcUnitSchema = z.object({
  FC_ID: z.string(),
  type: z.enum(CONTROLLER_TYPES),
  name: z.string().nullable(),
  UID: z.int(),
  owner: z.string(),
  channels: z.int(),
  firmware: z.string().nullable(),
  last_poll_ts: z.int().nullable(),
  status: z.enum(FIELD_SYSTEM_STATUSES),
  modes: z.array(rcChannelModeSchema),
  test: rcTestSchema.nullable(),
});
export type RcUnit = z.infer<typeof rcUnitSchema>;

export const rcTestQuerySchema = z.object({
  fc_id: fcIdSchema.optional().describe('One controller (with its test log); without: every test set.'),
});
export const RC_TEST_LOG_LIMIT = 100;
export const rcTestEnabledResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(rcTestSchema),
  log: z.array(rcTestLogEntrySchema).describe(`With fc_id: its newest ${RC_TEST_LOG_LIMIT} entries.`),
});

export const setRcTestRequestSchema = z.strictObject({
  fc_id: fcIdSchema,
  channel: z.int().min(1).max(8).nullable().default(null).describe('null: every channel.'),
  command: z.union([z.literal(0), z.literal(1)]).describe('1 on, 0 off.'),
  once: z.boolean().default(false),
  minutes: z.int().min(1).max(RC_TEST_MAX_MINUTES).default(RC_TEST_DEFAULT_MINUTES),
});
export const setRcTestEnabledRequestSchema = z.strictObject({
  fc_id: fcIdSchema,
  enabled: z.boolean(),
});
export const rcTestResponseSchema = z.object({ status_code: z.literal(0), test: rcTestSchema });

// ---------------------------------------------------------------------------------------------
// Field systems
// ---------------------------------------------------------------------------------------------

export const fsListQuerySchema = z.object({
  q: z.string().max(80).optional().describe('Part of the id, name, owner’s username or name.'),
  type: z.enum(CONTROLLER_TYPES).optional(),
  status: z.enum(FIELD_SYSTEM_STATUSES).optional(),
  firmware: z.string().max(32).optional().describe('Part of the firmware; `none`: reported none.'),
  inUse: z.enum(['0', '1']).optional().describe('1: serves a storage; 0: serves none.'),
});
export const fieldChannelSchema = rcChannelModeSchema.extend({
  storage: z.string().nullable().describe('The name of the storage it serves.'),
  bs_id: z.string().nullable(),
  applied: z.boolean().describe('The controller applied the latest command.'),
});
export const fieldSystemSchema = z.object({
  FC_ID: z.string(),
  type: z.enum(CONTROLLER_TYPES),
  name: z.string().nullable(),
  UID: z.int(),
  owner: z.string(),
  owner_name: z.string(),
  firmware: z.string().nullable(),
  status: z.enum(FIELD_SYSTEM_STATUSES),
  last_poll_ts: z.int().nullable(),
  offline_since_ts: z.int().nullable(),
  created_ts: z.int(),
  net: z.string().nullable(),
  rssi: z.int().nullable(),
  climate_temp: z.int().nullable().describe('Its own air sensor, tenths of °C.'),
  climate_rh: z.number().nullable(),
  channels_in_use: z.int(),
  test_armed: z.boolean(),
  channels: z.array(fieldChannelSchema),
});
export type FieldSystem = z.infer<typeof fieldSystemSchema>;
export const fsListResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(fieldSystemSchema),
  total: z.int().describe('Controllers in the fleet before the filters.'),
});

export const connectionsEndpoints = defineEndpoints({
  getSocketStatuses: defineEndpoint({
    method: 'GET',
    path: '/admin/getSocketStatuses',
    response: socketStatusesResponseSchema,
    auth: 'user',
    summary:
      'Admins: the live connections of every instance (clients, pending sockets, the relay) and the switches.',
  }),
  setClientSocket: defineEndpoint({
    method: 'POST',
    path: '/admin/setClientSocket',
    body: setClientSocketRequestSchema,
    response: setClientSocketResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: disconnects a user’s sockets, or disables or enables their live updates.',
  }),
  setServerSocket: defineEndpoint({
    method: 'POST',
    path: '/admin/setServerSocket',
    body: setServerSocketRequestSchema,
    response: setServerSocketResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: turns the live push on or off, reconnects every client, or reconnects the relay.',
  }),
  rcList: defineEndpoint({
    method: 'GET',
    path: '/admin/rcList',
    response: z.object({ status_code: z.literal(0), results: z.array(rcUnitSchema) }),
    auth: 'user',
    summary: 'Admins: every fan controller with its owner, last poll, firmware, modes and test response.',
  }),
  getRcTestResponseEnabled: defineEndpoint({
    method: 'GET',
    path: '/admin/getRcTestResponseEnabled',
    query: rcTestQuerySchema,
    response: rcTestEnabledResponseSchema,
    auth: 'user',
    summary: 'Admins: the test responses set (or one controller’s, with its log).',
  }),
  setRcTestResponse: defineEndpoint({
    method: 'POST',
    path: '/admin/setRcTestResponse',
    body: setRcTestRequestSchema,
    response: rcTestResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: sets the command a controller gets on its polls while its test response is on.',
  }),
  setRcTestResponseEnabled: defineEndpoint({
    method: 'POST',
    path: '/admin/setRcTestResponseEnabled',
    body: setRcTestEnabledRequestSchema,
    response: rcTestResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: switches a controller’s test response on (for its minutes or one poll) or off.',
  }),
  getFSList: defineEndpoint({
    method: 'GET',
    path: '/admin/getFSList',
    query: fsListQuerySchema,
    response: fsListResponseSchema,
    auth: 'user',
    summary:
      'Admins: the field systems (every fan controller) with channels, storages, link and status, filtered.',
  }),
});
