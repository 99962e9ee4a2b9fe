export * from './surveyAnswers.js';
export * from './surveySteps.js';
export * from './surveyStorages.js';
export * from './volumeScale.js';
export * from './storageCapacity.js';
export * from './insightScreen.js';
export * from './insightTrial.js';
