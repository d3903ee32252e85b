import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Han, kana, bopomofo, CJK punctuation and full-width forms: drawn with the CJK font. */
const CJK = /[\u2E80-\u2FDF\u3000-\u30FF\u3100-\u312F\u31A0-\u31FF\u3200-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;

/**
 * Characters that can make part of a line run right to left: the right-to-left scripts' blocks and the bidi
 * controls that start a right-to-left scope. A line without any is drawn as it comes, without the bidi algorithm.
 */
const RTL_TRIGGER = /[\u0590-\u08FF\u200F\u202B\u202E\u2067\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** The first character of a script of its own, which is what fontkit reads a run's script (and direction) from. */
const FIRST_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
/** The scripts fontkit lays out right to left (its `Script.direction`), by their Unicode names. */
const FONTKIT_RTL_SCRIPTS = [
  'Arabic', 'Hebrew', 'Syriac', 'Thaana', 'Cypriot', 'Kharoshthi', 'Phoenician', 'Nko', 'Lydian', 'Avestan',
  'Imperial_Aramaic', 'Inscriptional_Pahlavi', 'Inscriptional_Parthian', 'Old_South_Arabian', 'Old_Turkic', 'Samaritan',
  'Mandaic', 'Meroitic_Cursive', 'Meroitic_Hieroglyphs', 'Manichaean', 'Mende_Kikakui', 'Nabataean', 'Old_North_Arabian',
  'Palmyrene', 'Psalter_Pahlavi',
];
const FONTKIT_RTL = new RegExp(`[${FONTKIT_RTL_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}]`, 'u');

/** Part of a line drawn in one go, with one font. */
export interface TextRun {
  /** The characters in the order the font engine is given them. */
  text: string;
  cjk: boolean;
  /** Laid out as a whole: fontkit shapes it (Arabic joining) and puts its glyphs right to left. */
  rtl: boolean;
}

/**
 * [export-pdf-bidi] A line of text as runs in the order they are drawn, left to right, split where the font or the
 * direction changes. The Unicode bidi algorithm (bidi-js) orders the runs and mirrors brackets in right-to-left
 * scopes; fontkit then shapes each right-to-left run and reverses its glyphs, so the text stays in logical order
 * for copying and search. Paragraph direction comes from the first strong character, as in a browser.
 */
export function visualRuns(line: string): TextRun[] {
  if (!RTL_TRIGGER.test(line)) return fontRuns(line);
  const embedding = bidi.getEmbeddingLevels(line);
  const { levels } = embedding;
  const order = bidi.getReorderedIndices(line, embedding);
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const cjk = cjkPerCodeUnit(line);
  const runs: TextRun[] = [];
  let first = 0;
  for (let k = 1; k <= order.length; k++) {
    const prev = order[k - 1]!;
    const next = order[k];
    const step = levels[prev]! % 2 ? -1 : 1;
    if (next !== undefined && next === prev + step && levels[next] === levels[prev] && cjk[next] === cjk[prev]) continue;
    const [from, to] = step > 0 ? [order[first]!, prev] : [prev, order[first]!];
    let text = '';
    for (let i = from; i <= to; i++) text += mirrored.get(i) ?? line[i];
    runs.push(step > 0 ? { text, cjk: cjk[prev]!, rtl: false } : rightToLeft(text, cjk[prev]!));
    first = k;
  }
  return runs;
}

/** A run at a right-to-left level, its characters in logical order. */
function rightToLeft(text: string, cjk: boolean): TextRun {
  const script = FIRST_SCRIPT.exec(text);
  if (script && FONTKIT_RTL.test(script[0])) return { text, cjk, rtl: true };
  // fontkit would lay this out left to right (neutrals between right-to-left words, or Latin under a
  // right-to-left override), so its characters go in reversed; nothing in it joins, so nothing is lost.
  return { text: [...text].reverse().join(''), cjk, rtl: false };
}

/** A left-to-right line, split where the font changes. */
function fontRuns(line: string): TextRun[] {
  if (!CJK.test(line)) return line ? [{ text: line, cjk: false, rtl: false }] : [];
  const runs: TextRun[] = [];
  for (const char of line) {
    const cjk = CJK.test(char);
    const last = runs.at(-1);
    if (last && last.cjk === cjk) last.text += char;
    else runs.push({ text: char, cjk, rtl: false });
  }
  return runs;
}

/** Whether each UTF-16 code unit belongs to a CJK character (both halves of a surrogate pair alike). */
function cjkPerCodeUnit(line: string): boolean[] {
  const flags: boolean[] = [];
  for (const char of line) {
    const cjk = CJK.test(char);
    for (let i = 0; i < char.length; i++) flags.push(cjk);
  }
  return flags;
}
