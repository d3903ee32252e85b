import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/*
 * The server's V8 flags live in api/node-flags.json: scripts/start.mjs, scripts/dev.mjs and the test and bench
 * processes (api/test/process.ts) read them; the Dockerfile's CMD cannot, so it repeats them. A flag changed in one
 * place and not the other would make production run another heap than the one measured (issue 37).
 */
describe('node flags', () => {
  it("the Dockerfile starts the server with api/node-flags.json's flags", () => {
    const flags = JSON.parse(read('api/node-flags.json')) as string[];
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(['node', ...flags, '--import', 'tsx', 'api/src/main.ts']);
  });

  it('every script that starts the server passes them', () => {
    for (const path of ['scripts/start.mjs', 'scripts/dev.mjs', 'api/test/process.ts']) {
      expect(read(path), path).toMatch(/node-flags\.json[\s\S]*spawn\(process\.execPath, \[\.\.\.nodeFlags, '--import', 'tsx'/);
    }
  });
});
