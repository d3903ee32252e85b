// `npm start`: builds the web app when its sources are newer than the build, then runs the whole product in one
// process (API, Socket.IO, Hocuspocus, web app) on PORT, over PGlite in DATA_DIR unless DATABASE_URL is set.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'web', 'dist', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'domain/src'].map((p) => join(root, p));
const needsBuild = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@planline/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server's V8 flags (api/node-flags.json; the Dockerfile's CMD has the same): a young generation of 4 MB per
// semi-space instead of 16 keeps the idle server ~40 MB smaller and an import's peak lower; --expose-gc lets a bulk
// operation collect its garbage between phases (api/src/runtime/collect-garbage.ts; issue 37).
const nodeFlags = JSON.parse(readFileSync(join(root, 'api', 'node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(root, 'api', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
