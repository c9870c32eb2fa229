export * from './auth.js';
export * from './operations.js';
