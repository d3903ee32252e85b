import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repoRoot = join(benchRoot, '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
