import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BUSY_FOR_PERSON, IMPORT_RETRY_AFTER_SECONDS, IMPORTS_PER_PROCESS } from '../src/features/interchange/import-slots.js';
import { eventually } from './collab-client.js';
import { joinedMember, setTeamPlan, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

/*
 * [import-flood] Issue 37: at most one import (or preview) in progress per person (the others get 429 with
 * Retry-After), and files that have arrived read IMPORTS_PER_PROCESS at a time, in turn (the line itself is unit-tested
 * in import-slots.test.ts). Real concurrent HTTP requests whose uploads the test holds open, on both
 * databases.
 */

let server: TestServer;
let people: ClientUser[];
let projectId: string;

const FILE = readFileSync(new URL('./fixtures/mspdi/nested-summaries.xml', import.meta.url));
const HALF = Math.floor(FILE.length / 2);

beforeAll(async () => {
  server = await startTestServer();
  const { owner, team } = await teamWithOwner(server, 'Flooders');
  await setTeamPlan(server, team.id, 'enterprise');
  people = [owner];
  for (let i = 0; i < 5; i += 1) people.push(await joinedMember(server, owner.client, team.id));
  projectId = ((await owner.client.post('/api/projects', { name: 'Imported', teamId: team.id })).body as { id: string }).id;
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { message?: string; tasks?: number } | null;
}

const url = () => new URL(`${server.url}/api/projects/${projectId}/import?format=mspdi&preview=true&fileName=plan.xml`);

/** A preview whose upload stops half-way until `finish` sends the rest (or `abort` cuts it off). */
function heldImport(who: ClientUser, headers: Record<string, string> = {}) {
  const req = request(url(), { method: 'POST', headers: { cookie: who.client.cookieHeader, 'content-type': 'application/xml', ...headers } });
  let answered: Answer | null = null;
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        answered = { status: res.statusCode!, retryAfter: res.headers['retry-after'], body: text ? (JSON.parse(text) as Answer['body']) : null };
        resolve(answered);
      });
    });
    req.on('error', reject);
  });
  req.write(FILE.subarray(0, HALF));
  return {
    answer,
    get answered() {
      return answered;
    },
    finish: () => {
      req.end(FILE.subarray(HALF));
      return answer;
    },
    abort: () => {
      answer.catch(() => undefined);
      req.destroy();
    },
  };
}

async function importNow(who: ClientUser, body: Buffer | string = FILE, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url(), { method: 'POST', headers: { cookie: who.client.cookieHeader, 'content-type': 'application/xml', ...headers }, body });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after') ?? undefined, body: text ? (JSON.parse(text) as Answer['body']) : null };
}

/**
 * Two held uploads of `who` at once: one takes the person's slot, the other is refused at once. Which one wins is
 * the server's order of arrival, so neither is assumed: the refused one's answer and the holder are returned.
 */
async function holder(who: ClientUser) {
  const pair = [heldImport(who), heldImport(who)] as const;
  const refused = await Promise.race(pair.map((h) => h.answer));
  const holding = pair.find((h) => h.answered === null)!;
  expect(pair.filter((h) => h.answered === null)).toHaveLength(1);
  // The refused upload is cut off: the server answered it without reading its body.
  for (const h of pair) if (h !== holding) h.abort();
  return { refused, holding };
}

describe('[import-flood] import slots', () => {
  it('one import at a time per person: the second gets 429 with Retry-After and a message to act on; slow uploads keep nobody else waiting', async () => {
    const [a, b, c] = people as [ClientUser, ClientUser, ClientUser];
    const { refused: mine, holding: first } = await holder(a);
    expect(mine).toEqual({ status: 429, retryAfter: String(IMPORT_RETRY_AFTER_SECONDS), body: expect.objectContaining({ message: IMPORT_BUSY_FOR_PERSON }) });

    const { refused: alsoMine, holding: second } = await holder(b);
    expect(alsoMine.body!.message).toBe(IMPORT_BUSY_FOR_PERSON);
    // More slow uploads than the server reads at once: a third person's file, fully sent, is read at once.
    expect(IMPORTS_PER_PROCESS).toBe(2);
    const third = await importNow(c);
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ tasks: 7 });
    expect(first.answered).toBeNull();
    expect(second.answered).toBeNull();

    // An upload cut off gives the person's slot back.
    first.abort();
    await expect(first.answer).rejects.toThrow();
    const afterAbort = await eventually(
      () => importNow(a),
      (x) => x.status !== 429,
      5000,
    );
    expect(afterAbort.status).toBe(200);

    const done = await second.finish();
    expect(done.status).toBe(200);
    expect((await importNow(b)).status).toBe(200);
  });

  it('a burst of five files arriving at once is read in turn: every one answered, none refused', async () => {
    // Five people's uploads, each holding its person's slot (the pair's other upload refused and cut off).
    const held = await Promise.all(people.slice(1, 6).map(async (p) => (await holder(p)).holding));
    const answers = await Promise.all(held.map((h) => h.finish()));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('the slot is given back after an error: a refused file, a body over the limit, a project the person cannot see', async () => {
    const [a] = people as [ClientUser];
    for (let i = 0; i < 3; i += 1) {
      const broken = await importNow(a, 'this is not XML');
      expect(broken.status).toBe(400);
      expect(broken.body!.message).toMatch(/not an MS Project XML file/);
    }
    const tooLarge = heldImport(a, { 'content-length': String(200 * 1024 * 1024) });
    expect((await tooLarge.answer).status).toBe(413);
    tooLarge.abort();
    const stranger = (await teamWithOwner(server, 'Strangers')).owner;
    for (let i = 0; i < 2; i += 1) expect((await importNow(stranger)).status).toBe(404);
    expect((await importNow(a)).status).toBe(200);
    expect((await importNow(stranger)).status).toBe(404);
  });
});
