export * from './activationCode.js';
export * from './activationStatus.js';
export * from './activationRules.js';
