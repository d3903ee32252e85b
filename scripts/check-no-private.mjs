#!/usr/bin/env node
/**
 * No patches of other packages' internals (issue 35; docs/ARCHITECTURE.md, "Other packages"). Fails on a line of
 * the packages' sources (tests aside) that
 *   - assigns to a prototype, or defines or swaps one (Object.defineProperty / setPrototypeOf / assign on X.prototype),
 *   - replaces an object's `emit`,
 *   - reaches a private member (`._name`, `['_name']`),
 *   - reads or sets a Yjs document's struct store (`.store.pendingStructs`, `.store.pendingDs`, `.store.clients`),
 *   - takes a Hocuspocus provider's own bound handlers (`.boundDocumentUpdateHandler` and the like).
 * Comments are not read. The allowlist holds only exceptions under the pin rule: the dependency pinned to an exact
 * version, refused at start on any other, and a test comparing the changed branch with the dependency's own. An
 * allowed file that no longer has its finding fails too, so the list only shrinks.
 *
 *   node scripts/check-no-private.mjs [root]   (npm run check:floors runs it on the repository)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const PACKAGES = ['domain', 'document', 'db', 'realtime-server', 'api', 'web', 'bench', 'e2e'];

const RULES = [
  ['prototype', /\.prototype(\.\w+|\[[^\]]+\])?\s*=[^=]|Object\.(defineProperty|defineProperties|setPrototypeOf|assign)\(\s*[\w.$]+\.prototype\b/],
  ['replaced-emit', /\.emit\s*=[^=>]/],
  ['private-member', /(?<![\w$])[\w$)\]]+\??\.(_[A-Za-z]\w*)|\[#private\]/],
  ['yjs-store', /\.store\.(pendingStructs|pendingDs|clients)\b/],
  ['provider-bound-handler', /\.bound[A-Z]\w*Handler\b/],
];

/** Pinned, tested exceptions: file (from the root), rule, and where the pin and its test are. */
const ALLOWED = [
  {
    file: 'realtime-server/src/documents/held-back.ts',
    rule: 'yjs-store',
    why: 'Yjs pinned in realtime-server/package.json, start refused on another (assertComparedYjs), compared in held-back.test.ts',
  },
  {
    file: 'web/src/features/gantt/connection/document-host.ts',
    rule: 'provider-bound-handler',
    why: 'provider pinned in web/package.json, build refused on another (vite.config.ts), compared in connection/provider-pin.test.ts',
  },
  {
    file: 'domain/src/realtime/awareness.ts',
    rule: 'provider-bound-handler',
    why: 'as document-host.ts: the web is its only caller with a provider; compared in connection/provider-pin.test.ts',
  },
];

function sources(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each finding as `file:line: rule: text`, from every package's sources under `root` (e2e has no src folder). */
export function findPatches(root) {
  const found = [];
  for (const pkg of PACKAGES) {
    const dir = pkg === 'e2e' ? join(root, pkg) : join(root, pkg, 'src');
    for (const file of sources(dir)) {
      const name = relative(root, file);
      let inComment = false;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const trimmed = line.trim();
          if (inComment) {
            if (trimmed.includes('*/')) inComment = false;
            return;
          }
          if (trimmed.startsWith('/*')) {
            inComment = !trimmed.includes('*/');
            return;
          }
          // Strings are read as '' (a private name in brackets as [#private], which the private-member rule looks for).
          const code = line
            .replace(/\/\/.*$/, '')
            .replace(/\[\s*(['"`])_[A-Za-z]\w*\1\s*\]/g, '[#private]')
            .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
          for (const [rule, pattern] of RULES) {
            if (pattern.test(code)) found.push({ file: name, line: i + 1, rule, text: trimmed });
          }
        });
    }
  }
  return found;
}

export function check(root) {
  const found = findPatches(root);
  const allowed = (f) => ALLOWED.some((a) => a.file === f.file && a.rule === f.rule);
  const problems = found.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line}: ${f.rule}: ${f.text}`);
  for (const a of ALLOWED) {
    if (!found.some((f) => f.file === a.file && f.rule === a.rule)) problems.push(`${a.file}: allowed ${a.rule} no longer found; take it off scripts/check-no-private.mjs's allowlist`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
  const problems = check(root);
  if (problems.length) {
    console.error(`Patches of other packages' internals (issue 35; see scripts/check-no-private.mjs):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`check-no-private: no patches of other packages' internals (${ALLOWED.length} pinned exception${ALLOWED.length === 1 ? '' : 's'})`);
}
