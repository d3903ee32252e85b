import type { jsPDF } from 'jspdf';
import { PdfText } from './pdf-text.js';

/** A4 landscape in points, and the room the pages leave for content. */
export const PAGE = { width: 841.89, height: 595.28, margin: 36, footer: 24 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;

export const INK = '#0f172a';
export const MUTED = '#64748b';
export const RULE = '#e2e8f0';

/** The document being written and where the next thing goes. */
export class PdfCursor {
  readonly text: PdfText;
  y: number = PAGE.margin;

  constructor(readonly doc: jsPDF) {
    this.text = new PdfText(doc);
  }

  newPage(): void {
    this.doc.addPage('a4', 'landscape');
    this.y = PAGE.margin;
  }

  /** Starts a new page unless `height` more points still fit on this one. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.newPage();
    return true;
  }

  heading(title: string): void {
    this.ensure(40);
    this.text.draw(title, PAGE.margin, this.y + 14, { size: 13, bold: true });
    this.y += 24;
  }

  fill(color: string, x: number, y: number, w: number, h: number): void {
    this.doc.setFillColor(color);
    this.doc.rect(x, y, w, h, 'F');
  }

  line(color: string, x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.doc.setDrawColor(color);
    this.doc.setLineWidth(width);
    this.doc.line(x1, y1, x2, y2);
  }
}

/** A colour between `hex` and white: `amount` 0 is the colour, 1 is white. */
export function tint(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) + (255 - ((value >> shift) & 255)) * amount);
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}
