/** Fan control (issue 13; docs/decisions/0037-fan-control.md): pure rules the server and the web share. */
export * from './decideFan.js';
export * from './fanCycle.js';
export * from './fanDisplay.js';
export * from './fanRights.js';
export * from './fanScheduler.js';
export * from './grainMoisture.js';
export * from './localClock.js';
export * from './offlineRule.js';
