import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { piecewiseGzip } from './piecewise-gzip.js';

const piecesOf = (body: Buffer, size: number) =>
  Array.from({ length: Math.ceil(body.length / size) }, (_, i) => ({ key: `p${i}`, start: i * size, end: Math.min(body.length, (i + 1) * size) }));

describe('piecewiseGzip', () => {
  const body = Buffer.from(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Task ${i}`, progress: i % 100 }))));

  it('is one gzip stream of the whole body, smaller than the body', async () => {
    const { gzip } = await piecewiseGzip(body, piecesOf(body, 8192));
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(gzip.length).toBeLessThan(body.length / 4);
    expect(gunzipSync((await piecewiseGzip(Buffer.from('[]'), [{ key: 'only', start: 0, end: 2 }])).gzip).toString()).toBe('[]');
  });

  it('takes the unchanged pieces of the previous version, and compresses the changed ones again', async () => {
    const first = await piecewiseGzip(body, piecesOf(body, 8192));
    const changed = Buffer.from(body);
    changed.write('X', 9000);
    const next = await piecewiseGzip(changed, piecesOf(changed, 8192), first.pieces);
    expect(gunzipSync(next.gzip).equals(changed)).toBe(true);
    expect(next.pieces.get('p0')!.deflated).toBe(first.pieces.get('p0')!.deflated);
    expect(next.pieces.get('p1')!.deflated).not.toBe(first.pieces.get('p1')!.deflated);
    // The kept bytes are the new body's, not slices that keep the previous body alive.
    expect(next.pieces.get('p0')!.raw.buffer).toBe(changed.buffer);
  });
});
