import type {
  BasestationSummary,
  BsConfResponse,
  SensorConfiguration,
} from '@emberwatch/shared/contracts/baseStations';
import { DEFAULT_UI_PREFERENCES } from '@emberwatch/shared/contracts/preferences';
import type { SensorData } from '@emberwatch/shared/contracts/readings';
import type { SessionInfo } from '@emberwatch/shared/contracts/session';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import type { UserInfo } from '@emberwatch/shared/contracts/users';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function sessionInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    status_code: 0,
    status: 0,
    UID: 7,
    username: 'farmer',
    admin: false,
    master: false,
    grandMaster: false,
    accountAccess: [],
    admin_group: null,
    admin_username: null,
    users: [{ UID: 7, username: 'farmer' }],
    bs_ids: ['F1000001'],
    translator: false,
    newFeatureLive: false,
    feedQualityLive: false,
    limitFreeData: false,
    ui_preferences: { ...DEFAULT_UI_PREFERENCES },
    partnerApp: null,
    subUser: false,
    ...overrides,
  };
}

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    U_ID: 7,
    UID: 7,
    username: 'farmer',
    firstname: 'Anna',
    lastname: 'Farm Ltd',
    email: null,
    phone: null,
    country: 'FI',
    language: 'en',
    demo: false,
    bs_BS_IDs: ['F1000001'],
    bs_list: [{ bsId: 'F1000001', bsName: 'Barn', bsGroup: null }],
    FC_IDs: [],
    plans: [],
    service: null,
    blocked: false,
    translator: false,
    storagesEnabled: false,
    siteindex: false,
    voiceCallEnabled: false,
    masterAuthorizations: [],
    subUsers: [],
    subUserCount: 2,
    news: [],
    newsUrls: [],
    popupNews: [],
    newsEmail: 'news@example.com',
    newsSeenDate: null,
    ...overrides,
  };
}

export function station(bsId: string, overrides: Partial<BasestationSummary> = {}): BasestationSummary {
  return {
    bs_id: bsId,
    display_name: null,
    bsGroup: null,
    groupSize: 1,
    owner_UID: 7,
    timezone: 'Europe/Helsinki',
    bs_type: 2,
    typeLabel: 'V2 Standard',
    last_data_ts: null,
    probeCount: 0,
    probeKind: null,
    ...overrides,
  };
}

/** A station's configuration as GET /client/bsConf answers it: a V2 station with nothing set. */
export function bsConf(bsId: string, overrides: Partial<BsConfResponse> = {}): BsConfResponse {
  return {
    status_code: 0,
    bs_id: bsId,
    bs_BS_ID: bsId,
    bsGroup: null,
    display_name: null,
    timezone: null,
    bs_type: 2,
    bast_ver: null,
    firmware_ver: null,
    typeLabel: 'V2 Standard',
    activation_date: null,
    last_boot_ts: null,
    last_conf_ts: null,
    last_data_ts: null,
    sim_exp_date: null,
    tempIntervalDegrees: null,
    userBSIntervals: false,
    alarm_treshold_1: null,
    alarm_treshold_2: null,
    sensor_configurations: [],
    disabled_sensors: [],
    conf_data: { bsGroup: null, sensor_groups: {}, timezone: null },
    ...overrides,
  };
}

export function sensorConf(
  id: string,
  name: string | null = null,
  overrides: Partial<SensorConfiguration> = {},
): SensorConfiguration {
  return {
    sensor_id_sys: id,
    sensor_id_bs: id,
    sensor_name: name,
    realBs: 'F1000001',
    disabled: false,
    depths: 3,
    kind: 'hay',
    storage_location: null,
    column: null,
    ...overrides,
  };
}

/** A reading `ageSeconds` old; temperatures in °C (converted to the API's tenths). */
export function reading(
  id: string,
  celsius: number[],
  ageSeconds: number,
  overrides: Partial<SensorData> = {},
): SensorData {
  const tenths = celsius.map((c) => Math.round(c * 10));
  return {
    sensor_id: id,
    temperature: tenths[0] ?? 0,
    temperatures: tenths,
    meas_ts: nowSeconds() - ageSeconds,
    sensor_RSSI: -75,
    bs_RSSI: -60,
    batt_voltage: 356,
    alert: false,
    ...overrides,
  };
}

/** A storage of account 7 on F1000001 with one empty row of three cells; tests override what they use. */
export function storage(overrides: Partial<Storage> = {}): Storage {
  return {
    itemID: 1,
    UID: 7,
    name: 'Storage',
    type: 'warehouse',
    capacity: null,
    BS_ID: 'F1000001',
    layoutType: 1,
    sensor_layout: { rows: [{ index: 0, rowLength: 3 }], floors: 1, sensors: [] },
    stacks: [],
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
    undefinedLayoutType: false,
    updated_ts: 1_700_000_000,
    ...overrides,
  };
}
