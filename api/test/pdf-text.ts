type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** Opens a PDF with pdf.js (no system fonts, no eval), hands it to `read`, and closes it. */
async function withPdf<T>(buffer: Buffer, read: (doc: PdfDocument, pdfjs: PdfJs) => Promise<T>): Promise<T> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return await read(doc, pdfjs);
  } finally {
    await doc.destroy();
  }
}

/** The text items of each page of a PDF, as pdf.js extracts them, in order. */
export async function pdfPageItems(buffer: Buffer): Promise<string[][]> {
  return withPdf(buffer, async (doc) => {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')));
    }
    return pages;
  });
}

export interface PdfFont {
  /** The PostScript name without the subset tag: 'DejaVuSans', not 'EZZZZZ+DejaVuSans'. */
  name: string;
  /** False when the file names the font without carrying it, and a reader substitutes one of its own. */
  embedded: boolean;
}

/** Every font the pages draw text with, once each, sorted by name. */
export async function pdfFonts(buffer: Buffer): Promise<PdfFont[]> {
  return withPdf(buffer, async (doc, pdfjs) => {
    const fonts = new Map<string, PdfFont>();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      ops.fnArray.forEach((op, i) => {
        if (op !== pdfjs.OPS.setFont) return;
        const font = page.commonObjs.get(ops.argsArray[i][0]) as { name: string; missingFile: boolean };
        const name = font.name.replace(/^[A-Z]{6}\+/, '');
        fonts.set(name, { name, embedded: !font.missingFile });
      });
    }
    return [...fonts.values()].sort((a, b) => a.name.localeCompare(b.name));
  });
}

/** A text item where pdf.js puts it, in points from the page's top left corner. */
export interface PdfTextBox {
  str: string;
  x: number;
  /** The top of the glyphs' box (baseline minus font size). */
  top: number;
  width: number;
  height: number;
}

export interface PdfPageText {
  width: number;
  height: number;
  boxes: PdfTextBox[];
}

/** Each page's size and its text items with their boxes (empty items left out). */
export async function pdfTextBoxes(buffer: Buffer): Promise<PdfPageText[]> {
  return withPdf(buffer, async (doc) => {
    const pages: PdfPageText[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const boxes: PdfTextBox[] = [];
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , , , x, baseline] = item.transform as number[];
        boxes.push({ str: item.str, x: x!, top: height - baseline! - item.height, width: item.width, height: item.height });
      }
      pages.push({ width, height, boxes });
    }
    return pages;
  });
}
