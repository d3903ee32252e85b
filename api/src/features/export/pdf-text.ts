import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont, type Font, type Glyph } from 'fontkit';
import { visualRuns, type TextRun } from './text-runs.js';

const require = createRequire(import.meta.url);

/**
 * [export-pdf-fonts] The PDF's standard fonts are Latin-1 only, so every other name would print as garbage.
 * DejaVu Sans covers Latin, Greek, Cyrillic, Arabic, Hebrew and more; Noto Sans SC covers Chinese and Japanese
 * kana. Korean Hangul is in neither, and prints blank. pdfkit embeds a subset of the glyphs used, so a file grows
 * by a few KB per script, and the 10 MB CJK font is read only for text that needs it.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;
type FontKey = keyof typeof FONT_FILES;

/**
 * Each font, opened once per process and shared by every export: what fontkit reads from it (tables, glyphs) is
 * kept rather than rebuilt, and left behind as garbage, by each document.
 */
const fonts = new Map<FontKey, Font>();
function openedFont(key: FontKey): Font {
  let font = fonts.get(key);
  // A .ttf holds one font, never a collection.
  if (!font) fonts.set(key, (font = openFont(readFileSync(require.resolve(FONT_FILES[key]))) as Font));
  return font;
}

/** Ligature glyphs whose characters already read right to left (see `PdfText.mapLigatures`). */
const mappedLigatures = new WeakSet<Glyph>();

export interface TextStyle {
  size: number;
  bold?: boolean;
}

export interface DrawStyle extends TextStyle {
  maxWidth?: number;
  align?: 'left' | 'right' | 'center';
}

const WIDTH_CACHE_ENTRIES = 20_000;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Writes and measures text in whatever script it comes, switching font per run of characters; single lines only. */
export class PdfText {
  private readonly registered = new Set<FontKey>();
  /**
   * Widths already measured, by style and text: a table repeats its statuses, dates and names on every row. Emptied
   * when full, so it stays small and short-lived (a long-lived one is garbage the server keeps after the export).
   */
  private readonly widths = new Map<string, number>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** One line of plain text: control characters (tabs, line breaks) become spaces, lone surrogates U+FFFD. */
  static clean(text: string): string {
    return text.replace(LONE_SURROGATE, '\uFFFD').replace(/[\u0000-\u001F\u007F]+/g, ' ');
  }

  private use(run: TextRun, style: TextStyle): Font {
    const key: FontKey = run.cjk ? 'cjk' : style.bold ? 'bold' : 'regular';
    const font = openedFont(key);
    if (!this.registered.has(key)) {
      // pdfkit (0.20) takes a fontkit font as it takes the font file; its typings do not say so yet.
      this.doc.registerFont(key, font as unknown as Buffer);
      this.registered.add(key);
    }
    this.doc.font(key, style.size);
    return font;
  }

  /**
   * Readers take a right-to-left run's text from its glyphs in drawing order and reverse it character by
   * character, so a glyph that stands for several characters (lam-alef) must list them in that order too, or
   * "سلام" reads back as "سالم". fontkit keeps one object per glyph, and pdfkit maps each glyph to its `codePoints`.
   */
  private mapLigatures(run: TextRun, font: Font): void {
    for (const glyph of font.layout(run.text).glyphs) {
      if (glyph.codePoints.length < 2 || mappedLigatures.has(glyph)) continue;
      glyph.codePoints.reverse();
      mappedLigatures.add(glyph);
    }
  }

  /** A right-to-left run is laid out whole (any `features` turns off pdfkit's word-by-word layout), so its words stay in order. */
  private static options(run: TextRun): PDFKit.Mixins.TextOptions {
    return { lineBreak: false, baseline: 'alphabetic', features: run.rtl ? [] : undefined };
  }

  width(text: string, style: TextStyle): number {
    const key = `${style.bold ? 'b' : 'r'}${style.size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = 0;
      for (const run of visualRuns(PdfText.clean(text))) {
        this.use(run, style);
        width += this.doc.widthOfString(run.text, PdfText.options(run));
      }
      if (this.widths.size >= WIDTH_CACHE_ENTRIES) this.widths.clear();
      this.widths.set(key, width);
    }
    return width;
  }

  /** How many of `chars` (from the start) fit in `maxWidth` followed by `suffix`. */
  private fitting(chars: string[], suffix: string, maxWidth: number, style: TextStyle): number {
    let [lo, hi] = [0, chars.length];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('')}${suffix}`, style) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The text, cut with an ellipsis where it would pass `maxWidth`. */
  fit(text: string, maxWidth: number, style: TextStyle): string {
    const clean = PdfText.clean(text);
    if (this.width(clean, style) <= maxWidth) return clean;
    const chars = [...clean];
    const kept = this.fitting(chars, '…', maxWidth, style);
    return kept ? `${chars.slice(0, kept).join('').trimEnd()}…` : '';
  }

  /** A word too wide for a line, in pieces that fit (at least a character each). */
  private pieces(word: string, maxWidth: number, style: TextStyle): string[] {
    const pieces: string[] = [];
    let chars = [...word];
    while (chars.length) {
      const kept = Math.max(1, this.fitting(chars, '', maxWidth, style));
      pieces.push(chars.slice(0, kept).join(''));
      chars = chars.slice(kept);
    }
    return pieces;
  }

  /**
   * Word-wrapped lines, at most `maxLines` (the last one cut with an ellipsis); a word wider than a line is broken
   * where the line ends.
   */
  wrap(text: string, maxWidth: number, style: TextStyle, maxLines: number): string[] {
    // Most cells are one line, and their width is measured already.
    if (!/[\r\n]/.test(text) && this.width(text, style) <= maxWidth) return [PdfText.clean(text)];
    const lines: string[] = [];
    for (const paragraph of PdfText.clean(text.replace(/\r?\n/g, '\u2029')).split('\u2029')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (this.width(next, style) <= maxWidth) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        const pieces = this.width(word, style) <= maxWidth ? [word] : this.pieces(word, maxWidth, style);
        lines.push(...pieces.slice(0, -1));
        line = pieces.at(-1)!;
      }
      lines.push(line);
      if (lines.length > maxLines) break;
    }
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = this.fit(`${kept[maxLines - 1]} …`, maxWidth, style);
    return kept;
  }

  /** Draws one line with its baseline at `y`, in the current fill colour; `maxWidth` cuts it; returns the width drawn. */
  draw(text: string, x: number, y: number, style: DrawStyle): number {
    const line = style.maxWidth === undefined ? PdfText.clean(text) : this.fit(text, style.maxWidth, style);
    const width = this.width(line, style);
    let cursor = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    for (const run of visualRuns(line)) {
      const font = this.use(run, style);
      if (run.rtl) this.mapLigatures(run, font);
      this.doc.text(run.text, cursor, y, PdfText.options(run));
      // pdfkit leaves its x where the run it wrote ends.
      cursor = this.doc.x;
    }
    return width;
  }
}
