export * from './smtp.js';
