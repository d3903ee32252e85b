import type { DrawStyle, PdfText, TextStyle } from './pdf-text.js';

/** A4 landscape in points, and the room the pages leave for content. */
export const PAGE = { width: 841.89, height: 595.28, margin: 36, footer: 24 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;

export const INK = '#0f172a';
export const MUTED = '#64748b';
export const RULE = '#e2e8f0';

/**
 * A layout step that may start new pages: it yields once per page it finishes, after the page has gone to the
 * writer, so the caller can send it on (and let other requests run) before the next one is drawn.
 */
export type Pages = Generator<void, void, undefined>;

/**
 * Where the next thing goes on the page, and the document it is drawn into. Without a document the same layout
 * only counts its pages: the pre-pass that gives "Page N of M" its M before the first page is written.
 */
export class PdfCursor {
  y: number = PAGE.margin;
  /** The page being laid out, from 1. */
  page = 1;
  /** The fill colour in force on this page: setting it again would only add to the page (a table has ~100,000 cells). */
  private fillColor: string | null = null;

  constructor(
    private readonly text: PdfText,
    private readonly doc: PDFKit.PDFDocument | null,
    /** Draws what every page ends with (the footer); called as each page is finished. */
    private readonly pageEnd: (pdf: PdfCursor) => void = () => {},
  ) {}

  /** Finishes this page; a drawn one goes to the writer when the next is added or the document ends. */
  finishPage(): void {
    if (this.doc) this.pageEnd(this);
  }

  *newPage(): Pages {
    this.finishPage();
    this.doc?.addPage();
    this.fillColor = null;
    this.page += 1;
    this.y = PAGE.margin;
    yield;
  }

  /** Starts a new page unless `height` more points still fit on this one. */
  *ensure(height: number): Pages {
    if (this.y + height > CONTENT_BOTTOM) yield* this.newPage();
  }

  *heading(title: string): Pages {
    yield* this.ensure(40);
    this.write(title, PAGE.margin, this.y + 14, { size: 13, bold: true });
    this.y += 24;
  }

  /** One line of text with its baseline at `y` (see PdfText.draw); the width drawn, 0 while only counting pages. */
  write(text: string, x: number, y: number, style: DrawStyle & { color?: string }): number {
    if (!this.doc) return 0;
    this.useFill(style.color ?? INK);
    return this.text.draw(text, x, y, style);
  }

  /** Word-wrapped lines (see PdfText.wrap): measured in both passes, as the line count moves what follows. */
  wrap(text: string, maxWidth: number, style: TextStyle, maxLines: number): string[] {
    return this.text.wrap(text, maxWidth, style, maxLines);
  }

  fill(color: string, x: number, y: number, w: number, h: number): void {
    if (!this.doc) return;
    this.useFill(color);
    this.doc.rect(x, y, w, h).fill();
  }

  private useFill(color: string): void {
    if (color === this.fillColor) return;
    this.doc?.fillColor(color);
    this.fillColor = color;
  }

  /** A diamond centred on (cx, cy), `r` from its centre to each point: a milestone. */
  diamond(color: string, cx: number, cy: number, r: number): void {
    if (!this.doc) return;
    this.useFill(color);
    this.doc.polygon([cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]).fill();
  }

  /** The outline of a rectangle. */
  frame(color: string, x: number, y: number, w: number, h: number, width = 0.5): void {
    this.doc?.lineWidth(width).rect(x, y, w, h).stroke(color);
  }

  line(color: string, x1: number, y1: number, x2: number, y2: number, width = 0.5, dash?: number): void {
    if (!this.doc) return;
    if (dash) this.doc.dash(dash, { space: dash });
    this.doc.lineWidth(width).moveTo(x1, y1).lineTo(x2, y2).stroke(color);
    if (dash) this.doc.undash();
  }
}

/** [summary-tasks] How far a subtask's name is indented under its summary (deep outlines stop indenting). */
export const outlineIndent = (task: { depth: number }) => Math.min(task.depth, 6) * 8;

/** A colour between `hex` and white: `amount` 0 is the colour, 1 is white. */
export function tint(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) + (255 - ((value >> shift) & 255)) * amount);
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}
