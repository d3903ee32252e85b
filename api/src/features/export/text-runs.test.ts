import { describe, expect, it } from 'vitest';
import { visualRuns } from './text-runs.js';

const ltr = (text: string, cjk = false) => ({ text, cjk, rtl: false });
const rtl = (text: string) => ({ text, cjk: false, rtl: true });

describe('visualRuns', () => {
  it('[export-pdf-fonts] a left-to-right line is one run, split only where the CJK font takes over', () => {
    expect(visualRuns('Plain name')).toEqual([ltr('Plain name')]);
    expect(visualRuns('设计评审 review')).toEqual([ltr('设计评审', true), ltr(' review')]);
    expect(visualRuns('👩‍🚀 𠀀x')).toEqual([ltr('👩‍🚀 '), ltr('𠀀', true), ltr('x')]);
    expect(visualRuns('')).toEqual([]);
  });

  it('[export-pdf-bidi] Arabic stays one run in logical order, for the font engine to shape and turn', () => {
    expect(visualRuns('مراجعة التصميم')).toEqual([rtl('مراجعة التصميم')]);
  });

  it('[export-pdf-bidi] runs come left to right as read: an Arabic phrase inside English, English inside Hebrew', () => {
    expect(visualRuns('Review مراجعة التصميم v2')).toEqual([ltr('Review '), rtl('مراجعة التصميم'), ltr(' v2')]);
    expect(visualRuns('עברית and English')).toEqual([ltr('and English'), rtl('עברית ')]);
    expect(visualRuns('漢字 mixed مراجعة')).toEqual([ltr('漢字', true), ltr(' mixed '), rtl('مراجعة')]);
  });

  it('[export-pdf-bidi] in a right-to-left line numbers stay left to right and brackets are mirrored', () => {
    expect(visualRuns('مراجعة 2026 (التصميم)')).toEqual([rtl(' )التصميم('), ltr('2026'), rtl('مراجعة ')]);
  });

  it('[export-pdf-bidi] an override reverses Latin letters, which we reverse ourselves (fontkit would not)', () => {
    expect(visualRuns('\u202eevil\u202c name').map((r) => r.text.replace(/[\u202a-\u202e]/g, ''))).toEqual(['', 'live', ' name']);
  });
});
