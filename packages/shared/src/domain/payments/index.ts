export * from './paymentRules.js';
export * from './cardErrors.js';
