import { describe, expect, it } from 'vitest';
import { linkSchema, linkSummary, MAX_LAG_DAYS, readLinkSummary, readLinkValue } from './dependency.js';

describe('dependency link values', () => {
  it('[dependency-link] a bare true (links before types) reads as FS with no lag', () => {
    expect(readLinkValue(true)).toEqual({ type: 'FS', lagDays: 0 });
    expect(readLinkValue({ type: 'SF', lagDays: -3 })).toEqual({ type: 'SF', lagDays: -3 });
  });

  it('[dependency-link] anything else is not a link: other types, fractional or huge lag, extra keys, false', () => {
    const values = [false, null, 'FS', { type: 'XX', lagDays: 0 }, { type: 'FS', lagDays: 1.5 }, { type: 'FS' }, { type: 'FS', lagDays: MAX_LAG_DAYS + 1 }, { type: 'FS', lagDays: 0, x: 1 }];
    for (const value of values) expect(readLinkValue(value)).toBeNull();
    expect(linkSchema.safeParse({ type: 'FS', lagDays: 0.5 }).error?.issues[0]?.message).toBe(`Lag must be a whole number of working days from -${MAX_LAG_DAYS} to ${MAX_LAG_DAYS}`);
  });

  it('[link-summary] a link reads as its predecessor, type and lag in working days, and back', () => {
    expect(linkSummary('Design', { type: 'FS', lagDays: 0 })).toBe('Design (FS)');
    expect(linkSummary('Survey', { type: 'SS', lagDays: 2 })).toBe('Survey (SS +2d)');
    expect(linkSummary('Pour', { type: 'FF', lagDays: -1 })).toBe('Pour (FF -1d)');
    for (const [name, link] of [
      ['Design', { type: 'SF', lagDays: -MAX_LAG_DAYS }],
      ['Phase (2) (FS)', { type: 'SS', lagDays: 5 }],
      ['', { type: 'FS', lagDays: 0 }],
    ] as const) {
      expect(readLinkSummary(linkSummary(name, link))).toEqual({ predecessorName: name, link });
    }
    for (const text of ['Design', 'Design (XX)', 'Design (FS +1000d)', 'Design (FS 2d)', 'Design(FS)']) expect(readLinkSummary(text)).toBeNull();
  });
});
