export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
export * from './money.js';
export * from './schemas/auth.js';
export * from './schemas/catalogue.js';
export * from './schemas/fields.js';
export * from './schemas/user.js';
