// `npm run dev`: the server restarting on change (tsx watch) and Vite with hot reload, proxying /api,
// /socket.io and /collab to the server. Open the URL Vite prints.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeFlags = JSON.parse(readFileSync(join(root, 'api', 'node-flags.json'), 'utf8'));
const children = [
  spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--watch', join(root, 'api', 'src', 'main.ts')], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@planline/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
