export * from './auth.js';
export * from './ledger.js';
export * from './operations.js';
export * from './sign-ins.js';
export * from './two-factor.js';
