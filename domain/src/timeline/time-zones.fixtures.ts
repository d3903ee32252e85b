import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Every date rule runs in three zones: UTC, one that changes to daylight saving on 2026-03-08 (Los Angeles) and
 * one that changes back on 2026-04-05 (Auckland), with the days around those changes as inputs. The vitest
 * config pins TZ=UTC, so the zones are set here: Node re-reads process.env.TZ when it is assigned.
 */
export const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland'] as const;
export type Zone = (typeof ZONES)[number];

/** Declares `body`'s tests once per zone, with process.env.TZ set to that zone while they run. */
export function describeInZones(body: (zone: Zone) => void): void {
  const originalTz = process.env.TZ;
  describe.each(ZONES)('in %s', (zone) => {
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = originalTz;
    });

    it('[timezone] the zone is in effect', () => {
      const offset = new Date(2026, 6, 1, 12).getTimezoneOffset();
      expect(offset).toBe({ UTC: 0, 'America/Los_Angeles': 420, 'Pacific/Auckland': -720 }[zone]);
    });

    body(zone);
  });
}
