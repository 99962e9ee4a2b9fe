import type { RC_TEST_LOG_KINDS } from '@emberwatch/shared/contracts/connections';
import type { FieldSystemStatus } from '@emberwatch/shared/domain/fieldSystems';
import type { RcTestState } from '@emberwatch/shared/domain/rcTestResponse';
import type { TranslationKey } from '../../i18n/translationKey';

export const STATUS_LABELS: Record<FieldSystemStatus, TranslationKey> = {
  online: 'connections.status.online',
  offline: 'connections.status.offline',
  never: 'connections.status.never',
};

export const TEST_STATE_LABELS: Record<RcTestState, TranslationKey> = {
  off: 'connections.rc.states.off',
  armed: 'connections.rc.states.armed',
  used: 'connections.rc.states.used',
  expired: 'connections.rc.states.expired',
};

export const TEST_LOG_LABELS: Record<(typeof RC_TEST_LOG_KINDS)[number], TranslationKey> = {
  set: 'connections.rc.logKinds.set',
  enabled: 'connections.rc.logKinds.enabled',
  disabled: 'connections.rc.logKinds.disabled',
  answered: 'connections.rc.logKinds.answered',
};

export const RELAY_LABELS: Record<'none' | 'connected' | 'connecting' | 'stopped', TranslationKey> = {
  none: 'connections.live.relayStates.none',
  connected: 'connections.live.relayStates.connected',
  connecting: 'connections.live.relayStates.connecting',
  stopped: 'connections.live.relayStates.stopped',
};
