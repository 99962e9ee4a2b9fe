export * from './dataBreakDelay.js';
