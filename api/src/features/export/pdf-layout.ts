import type { DrawStyle, PdfText, TextStyle } from './pdf-text.js';

/** A4 in points (portrait), and the room every page leaves around its content and for its footer. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36, footer: 24 } as const;

/**
 * [export-pdf-orientation] The report's pages are portrait when the task table fits across one, landscape when it
 * is wide; the timeline's are always landscape.
 */
export type Orientation = 'portrait' | 'landscape';

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
    /** How the page being laid out is turned. */
    public orientation: Orientation,
    /** Draws what every page ends with (the footer); called as each page is finished. */
    private readonly pageEnd: (pdf: PdfCursor) => void = () => {},
  ) {
    this.addPage();
  }

  get pageWidth(): number {
    return this.orientation === 'landscape' ? PAGE.height : PAGE.width;
  }

  get pageHeight(): number {
    return this.orientation === 'landscape' ? PAGE.width : PAGE.height;
  }

  /** The width between the margins. */
  get contentWidth(): number {
    return this.pageWidth - 2 * PAGE.margin;
  }

  /** Where content stops, above the footer. */
  get bottom(): number {
    return this.pageHeight - PAGE.margin - PAGE.footer;
  }

  private addPage(): void {
    this.doc?.addPage({ size: 'A4', layout: this.orientation, margin: 0 });
    this.fillColor = null;
    this.y = PAGE.margin;
  }

  /** Finishes this page; a drawn one goes to the writer when the next is added or the document ends. */
  finishPage(): void {
    if (this.doc) this.pageEnd(this);
  }

  /** Finishes this page and starts the next, turned as `orientation` says (as this one by default). */
  *newPage(orientation: Orientation = this.orientation): Pages {
    this.finishPage();
    this.orientation = orientation;
    this.addPage();
    this.page += 1;
    yield;
  }

  /** Starts a new page unless `height` more points still fit on this one. */
  *ensure(height: number): Pages {
    if (this.y + height > this.bottom) yield* this.newPage();
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

  /** The width of one line of text (see PdfText.width): measured in both passes, as widths move what follows. */
  width(text: string, style: TextStyle): number {
    return this.text.width(text, style);
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

  /** A filled polygon through `points`. */
  polygon(color: string, ...points: [number, number][]): void {
    if (!this.doc) return;
    this.useFill(color);
    this.doc.polygon(...points).fill();
  }

  /** A diamond centred on (cx, cy), `r` from its centre to each point: a milestone. */
  diamond(color: string, cx: number, cy: number, r: number): void {
    this.polygon(color, [cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]);
  }

  /** A line through `points`, in order. */
  polyline(color: string, points: [number, number][], width = 0.5): void {
    if (!this.doc || points.length < 2) return;
    this.doc.lineWidth(width).moveTo(...points[0]!);
    for (const point of points.slice(1)) this.doc.lineTo(...point);
    this.doc.stroke(color);
  }

  /** Draws what `draw` draws with everything outside the rectangle cut away. */
  clipped(x: number, y: number, w: number, h: number, draw: () => void): void {
    if (!this.doc) return;
    this.doc.save();
    this.doc.rect(x, y, w, h).clip();
    draw();
    this.doc.restore();
    // The restore brought back the fill colour of before.
    this.fillColor = null;
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
