import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { contrastRatio, CRITICAL_PATH_COLOR, TASK_STATUS_COLORS, UNKNOWN_STATUS_COLOR } from '@planline/domain';
import { describe, expect, it } from 'vitest';

// Tailwind's own colour table (the one our classes compile to), read from the installed package.
const THEME = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

/** OKLCH (Tailwind v4's colour space) to #rrggbb, by the CSS Color 4 formulas. */
function oklchToHex(l: number, c: number, hueDeg: number): string {
  const h = (hueDeg * Math.PI) / 180;
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  const encode = (v: number) => {
    const x = Math.min(1, Math.max(0, v));
    return Math.round(255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055));
  };
  return `#${linear.map((v) => encode(v).toString(16).padStart(2, '0')).join('')}`;
}

/** A Tailwind colour token ('slate-500', 'white') as #rrggbb. */
function tw(token: string): string {
  if (token === 'white') return '#ffffff';
  const m = new RegExp(`--color-${token}:\\s*oklch\\(([\\d.]+)%\\s+([\\d.]+)\\s+([\\d.]+)\\)`).exec(THEME);
  if (!m) throw new Error(`no Tailwind colour ${token}`);
  return oklchToHex(Number(m[1]) / 100, Number(m[2]), Number(m[3]));
}

/** Text and the surface it sits on, as the classes of the components say. */
const TEXT_PAIRS: [where: string, text: string, background: string][] = [
  ['timeline header: non-working day letters (text-slate-600 on bg-slate-100)', tw('slate-600'), tw('slate-100')],
  ['timeline header: weekday letters (text-slate-700 on white)', tw('slate-700'), tw('white')],
  ['timeline toolbar: Critical path pressed (text-fuchsia-800 on bg-fuchsia-50)', tw('fuchsia-800'), tw('fuchsia-50')],
  ['timeline toolbar: Critical path pressed, hovered (text-fuchsia-800 on bg-fuchsia-100)', tw('fuchsia-800'), tw('fuchsia-100')],
  ['task details: slack explanation (text-slate-600 on bg-slate-50)', tw('slate-600'), tw('slate-50')],
  ['placeholder rows (text-slate-600 on white)', tw('slate-600'), tw('white')],
  ['placeholder rows, hovered (text-slate-800 on bg-slate-50)', tw('slate-800'), tw('slate-50')],
  ['placeholder rows, focused (text-slate-600 on bg-blue-50)', tw('slate-600'), tw('blue-50')],
  ['statistics tile Completed (text-green-800 on bg-green-50)', tw('green-800'), tw('green-50')],
  ['statistics tile In Progress (text-blue-800 on bg-blue-50)', tw('blue-800'), tw('blue-50')],
  ['statistics tile Overdue (text-red-800 on bg-red-50)', tw('red-800'), tw('red-50')],
  ['export format note, chosen (text-slate-600 on bg-blue-50)', tw('slate-600'), tw('blue-50')],
  ['status badge Pending (status colour on bg-orange-50)', TASK_STATUS_COLORS.pending, tw('orange-50')],
  ['status badge In Progress (status colour on bg-blue-50)', TASK_STATUS_COLORS.in_progress, tw('blue-50')],
  ['status badge Completed (status colour on bg-green-50)', TASK_STATUS_COLORS.completed, tw('green-50')],
  ['status badge Blocked (status colour on bg-red-50)', TASK_STATUS_COLORS.blocked, tw('red-50')],
  ['status badge Not Started (unknown-status colour on bg-slate-50)', UNKNOWN_STATUS_COLOR, tw('slate-50')],
];

describe('contrast of the palette pairs the app uses', () => {
  it('[contrast] converts Tailwind colours as browsers do (slate-400 is #90a1b9, blue-50 is #eff6ff)', () => {
    expect(tw('slate-400')).toBe('#90a1b9');
    expect(tw('blue-50')).toBe('#eff6ff');
  });

  it('[contrast] the pairs the issue measured failed before: weekend letters 2.5:1, Completed tile 4.33:1', () => {
    expect(contrastRatio(tw('slate-400'), tw('slate-50'))).toBeCloseTo(2.51, 1);
    // The tile label was text-green-800 at 80% opacity over green-50.
    const [fg, bg] = [tw('green-800'), tw('green-50')];
    const blend = `#${[1, 3, 5]
      .map((i) => Math.round(0.8 * parseInt(fg.slice(i, i + 2), 16) + 0.2 * parseInt(bg.slice(i, i + 2), 16)))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')}`;
    expect(contrastRatio(blend, bg)).toBeLessThan(4.5);
  });

  it.each(TEXT_PAIRS)('[contrast] %s reads at 4.5:1 or better', (_where, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  // Outlines and arrows are graphics: 3:1 against what is around them (WCAG 1.4.11).
  it.each([
    ['white (the gap round a critical bar, the chart body)', tw('white')],
    ['a non-working day (bg-slate-100)', tw('slate-100')],
  ])('[critical-path-color] the critical outline and arrows stand out at 3:1 or better on %s', (_where, background) => {
    expect(contrastRatio(CRITICAL_PATH_COLOR, background)).toBeGreaterThanOrEqual(3);
  });
});
