export * from './sanitisationStandards.js';
export * from './batchRights.js';
