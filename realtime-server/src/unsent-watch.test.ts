import { MAX_UNSENT_BYTES } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { UNSENT_STUCK_CHECKS, UnsentWatch } from './connection-guard.js';

const MB = 1024 * 1024;

describe('[collab-memory] a connection that stops reading is cut; one big message being read is not', () => {
  it('a first sync bigger than the limit, read as it goes: never cut', () => {
    const watch = new UnsentWatch();
    // 36 MB counted whole while it compresses (the same figure for a few checks), then falling as the client reads.
    const seen = [36, 36, 36, 36, 30, 22, 14, 6, 0].map((mb) => watch.check(mb * MB));
    expect(seen.slice(0, UNSENT_STUCK_CHECKS - 1).every((v) => v === 'ok')).toBe(true);
    expect(seen.filter((v) => v === 'cut')).toEqual([]);
  });

  it(`more than the limit waiting and not falling for ${UNSENT_STUCK_CHECKS} checks: cut`, () => {
    const watch = new UnsentWatch();
    const seen = Array.from({ length: UNSENT_STUCK_CHECKS }, (_, i) => watch.check(MAX_UNSENT_BYTES + (i + 1) * MB));
    expect(seen.slice(0, -1)).toEqual(Array(UNSENT_STUCK_CHECKS - 1).fill('ok'));
    expect(seen.at(-1)).toBe('cut');
  });

  it('under the limit, however long it waits: kept', () => {
    const watch = new UnsentWatch();
    for (let i = 0; i < 20; i++) expect(watch.check(MAX_UNSENT_BYTES)).toBe('ok');
  });
});
