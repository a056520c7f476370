export * from './evolution.js';
export * from './meta-cloud.js';
export * from './smtp.js';
export * from './telegram.js';
