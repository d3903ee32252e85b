import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'planline' },
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'passwordHash'], remove: true },
  });
}
