export * from './tax-status.js';
export * from './tax-years.js';
export * from './languages.js';
export * from './phone.js';
export * from './errors.js';
export * from './api/auth.js';
export * from './api/user.js';
export * from './categories.js';
