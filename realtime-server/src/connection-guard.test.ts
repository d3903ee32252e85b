import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { AWARENESS_BURST, AWARENESS_MESSAGES_PER_SECOND, inspectMessage, TokenBucket } from './connection-guard.js';

const varString = (s: string) => [s.length, ...Buffer.from(s)];

describe('connection guard', () => {
  it('[awareness-rate-limit] the bucket gives its burst, then its rate, and refills with time', () => {
    let now = 0;
    const bucket = new TokenBucket(AWARENESS_MESSAGES_PER_SECOND, AWARENESS_BURST, () => now);
    for (let i = 0; i < AWARENESS_BURST; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 1000;
    for (let i = 0; i < AWARENESS_MESSAGES_PER_SECOND; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 60_000;
    for (let i = 0; i < AWARENESS_BURST; i++) expect(bucket.take()).toBe(true);
  });

  it('[realtime-limits] reads document and type; a Yjs payload must decode', () => {
    const doc = new Y.Doc();
    doc.getMap('tasks').set('a', 1);
    const update = Y.encodeStateAsUpdate(doc);
    expect(inspectMessage(Uint8Array.from([...varString('project:x'), 1, 0]))).toEqual({ ok: true, document: 'project:x', type: 1 });
    expect(inspectMessage(Uint8Array.from([...varString('p'), 0, 2, update.length, ...update]))).toMatchObject({ ok: true, type: 0 });
    expect(inspectMessage(Uint8Array.from([...varString('p'), 0, 2, 4, 0xff, 0xff, 0xff, 0xff]))).toEqual({ ok: false, reason: 'malformed message' });
    expect(inspectMessage(Uint8Array.from([...varString('p'), 0, 0, 9, 1]))).toEqual({ ok: false, reason: 'malformed message' });
    expect(inspectMessage(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toEqual({ ok: false, reason: 'malformed message' });
    expect(inspectMessage(new Uint8Array())).toEqual({ ok: false, reason: 'malformed message' });
  });
});
