export * from './entities/index.js';
export { openDatabase, databaseConfigFromEnv, type DatabaseConfig } from './data-source.js';
export { isUniqueViolation, isForeignKeyViolation, isCheckViolation, isDatabaseUnavailable } from './errors.js';
export { SessionStore, type SessionIdentity } from './session-store.js';
