export { loadConfig, type Config } from './config.js';
export { startServer, type RunningServer } from './server.js';
