import type {
  AlertFacts,
  PlanContext,
  PlanMessaging,
  Recipient,
} from '../../src/features/delivery/deliveryPlan.js';
import { bundledServerTexts } from '../../src/features/translations/index.js';

/** The pure delivery tests' shared facts, people and context (deliveryPlan, groupPlan). */
export const NOON_HELSINKI = Date.UTC(2026, 10, 26, 10, 0) / 1000; // 12:00 in Helsinki (UTC+2)
export const NIGHT_HELSINKI = Date.UTC(2026, 10, 26, 20, 0) / 1000; // 22:00

export const facts: AlertFacts = {
  alertId: 7,
  storageId: 3,
  storageName: 'North barn',
  sensorId: 'H10101',
  probeName: 'Stack A',
  depth: 1,
  depths: 3,
  temperature: 652,
  threshold: 600,
  isMin: false,
  alertTs: NOON_HELSINKI - 300,
  timeZone: 'Europe/Helsinki',
  ruleType: 'ABS_MAX',
  reference: null,
  rate: null,
  windowH: null,
  clearTemperature: null,
  clearTs: null,
};
export const anna: Recipient = {
  userId: 1,
  name: 'Anna',
  address: '+358 40 123 4567',
  language: 'fi',
  country: 'fi',
  unit: 'C',
};
export const bob: Recipient = {
  userId: 2,
  name: 'Bob',
  address: '+1 202-555-0101',
  language: 'en',
  country: 'us',
  unit: 'F',
};
export const annaMail: Recipient = { ...anna, address: 'anna@example.com' };
export const owner: Recipient = {
  userId: 9,
  name: 'Owner',
  address: '+358401112222',
  language: 'en',
  country: 'fi',
  unit: 'C',
};

export function messaging(over: Partial<PlanMessaging> = {}): PlanMessaging {
  return {
    storageId: 3,
    ownerId: 9,
    storageName: 'North barn',
    bsId: 'F1000001',
    sms: { active: true, recipients: [anna, bob] },
    email: { active: true, recipients: [annaMail] },
    voice: { active: false, recipients: [], noCallHours: [9, 17], tempLimit: 60 },
    sentinel: { active: false },
    ...over,
  };
}
export function ctx(over: Partial<PlanContext> = {}): PlanContext {
  return {
    kind: 'raise',
    step: 0,
    nowS: NIGHT_HELSINKI,
    publicUrl: 'https://ew.example',
    callerNumbers: { northAmerica: '+12025550143', international: '+358401234567' },
    ackLink: (u) => `https://ew.example/delivery/ack?u=${u}`,
    pushAckToken: (u) => `7.${u}.1900000000.signature`,
    escalateFromStep: 2,
    owner: { sms: owner, email: { ...owner, address: 'owner@example.com' } },
    pushUsers: new Set(),
    sentinel: null,
    texts: bundledServerTexts(),
    ...over,
  };
}
