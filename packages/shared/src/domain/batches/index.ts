export * from './sanitisationStandards.js';
export * from './batchRights.js';
export * from './coldestPoint.js';
export * from './phaseProgress.js';
export * from './sanitisationReport.js';
export * from './batchTimeZone.js';
