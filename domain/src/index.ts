export * from './errors.js';
export * from './constants.js';
export * from './plans.js';
export * from './schemas/user.js';
export * from './schemas/support.js';
export * from './schemas/enums.js';
export * from './schemas/team.js';
export * from './realtime/protocol.js';
