import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { jsPDF } from 'jspdf';

const require = createRequire(import.meta.url);

/**
 * [export-pdf-fonts] jsPDF's built-in fonts are Latin-1 only, so every other name would print as garbage.
 * DejaVu Sans covers Latin, Greek, Cyrillic, Arabic (jsPDF shapes it and lays it right to left), Hebrew and more;
 * Noto Sans SC covers Chinese and Japanese kana. Korean Hangul is in neither, and prints blank. jsPDF embeds only
 * the glyphs used, so a file grows by a few KB per script, and the 10 MB CJK font is read only for text that needs it.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;
type FontKey = keyof typeof FONT_FILES;
const FAMILY: Record<FontKey, string> = { regular: 'DejaVuSans', bold: 'DejaVuSansBold', cjk: 'NotoSansSC' };

const base64 = new Map<FontKey, string>();
function fontData(key: FontKey): string {
  let data = base64.get(key);
  if (!data) base64.set(key, (data = readFileSync(require.resolve(FONT_FILES[key])).toString('base64')));
  return data;
}

/** Han, kana, bopomofo, CJK punctuation and full-width forms: drawn with the CJK font. */
const CJK = /[\u2E80-\u2FDF\u3000-\u30FF\u3100-\u312F\u31A0-\u31FF\u3200-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

interface Run {
  text: string;
  cjk: boolean;
}

/** Writes text in whatever script it comes, switching font per run of characters; single lines only. */
export class PdfText {
  private readonly loaded = new Set<FontKey>();
  /** Widths already measured, by style and text: a table repeats its statuses, dates and names on every page. */
  private readonly widths = new Map<string, number>();

  constructor(private readonly doc: jsPDF) {
    this.load('regular');
    this.load('bold');
  }

  private load(key: FontKey): void {
    if (this.loaded.has(key)) return;
    const file = `${FAMILY[key]}.ttf`;
    this.doc.addFileToVFS(file, fontData(key));
    this.doc.addFont(file, FAMILY[key], 'normal');
    this.loaded.add(key);
  }

  /** One line of plain text: control characters (tabs, line breaks) become spaces. */
  static clean(text: string): string {
    return text.replace(/[\u0000-\u001F\u007F]+/g, ' ');
  }

  private runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const char of text) {
      const cjk = CJK.test(char);
      const last = runs.at(-1);
      if (last && last.cjk === cjk) last.text += char;
      else runs.push({ text: char, cjk });
    }
    return runs;
  }

  private use(run: Run, style: TextStyle): void {
    const key: FontKey = run.cjk ? 'cjk' : style.bold ? 'bold' : 'regular';
    this.load(key);
    this.doc.setFont(FAMILY[key], 'normal');
    this.doc.setFontSize(style.size);
  }

  width(text: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}${style.size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = 0;
      for (const run of this.runs(PdfText.clean(text))) {
        this.use(run, style);
        width += this.doc.getTextWidth(run.text);
      }
      this.widths.set(key, width);
    }
    return width;
  }

  /** The text, cut with an ellipsis where it would pass `maxWidth`. */
  fit(text: string, maxWidth: number, style: TextStyle): string {
    const clean = PdfText.clean(text);
    if (this.width(clean, style) <= maxWidth) return clean;
    const chars = [...clean];
    let [lo, hi] = [0, chars.length];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('')}…`, style) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return lo ? `${chars.slice(0, lo).join('').trimEnd()}…` : '';
  }

  /** Word-wrapped lines, at most `maxLines` (the last one cut with an ellipsis). */
  wrap(text: string, maxWidth: number, style: TextStyle, maxLines: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (this.width(next, style) <= maxWidth || !line) line = next;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    if (lines.length <= maxLines) return lines.map((l) => this.fit(l, maxWidth, style));
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = this.fit(`${kept[maxLines - 1]} …`, maxWidth, style);
    return kept.map((l) => this.fit(l, maxWidth, style));
  }

  /** Draws one line with its baseline at `y`; `maxWidth` cuts it; returns the width drawn. */
  draw(text: string, x: number, y: number, style: TextStyle & { maxWidth?: number; align?: 'left' | 'right' | 'center' }): number {
    const line = style.maxWidth === undefined ? PdfText.clean(text) : this.fit(text, style.maxWidth, style);
    const width = this.width(line, style);
    let cursor = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    this.doc.setTextColor(style.color ?? '#0f172a');
    for (const run of this.runs(line)) {
      this.use(run, style);
      this.doc.text(run.text, cursor, y);
      cursor += this.doc.getTextWidth(run.text);
    }
    return width;
  }
}
