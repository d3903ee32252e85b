import { spawnSync } from 'node:child_process';

/** A page rendered to pixels, addressed in points from its top left corner. */
export interface PageImage {
  width: number;
  height: number;
  /** Pixels per point. */
  scale: number;
  /** The colour at (x, y) points, [r, g, b]. */
  at(x: number, y: number): [number, number, number];
  /** The pixels in a rectangle (points) whose colour passes `test`: how many, and their bounds in points (null if none). */
  find(left: number, top: number, right: number, bottom: number, test: (rgb: [number, number, number]) => boolean): PixelsFound;
}

export interface PixelsFound {
  count: number;
  bounds: { left: number; top: number; right: number; bottom: number } | null;
}

/**
 * Whether poppler's pdftoppm can run here. `npm test` on a fresh machine needs only Node, so the pixel tests are
 * skipped without it; CI (CI=true, where .ci/run installs poppler-utils) never skips them.
 */
export const CAN_RENDER_PDF = process.env.CI === 'true' || spawnSync('pdftoppm', ['-v']).error === undefined;

/**
 * One page of a PDF rendered by poppler's pdftoppm (package poppler-utils; .ci/run installs it), as a reader's
 * viewer would draw it, `dpi` dots per inch.
 */
export function renderPage(pdf: Buffer, page: number, dpi = 144): PageImage {
  const run = spawnSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-'], { input: pdf, maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw new Error(`pdftoppm could not run (apt-get install -y poppler-utils): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr.toString()}`);
  // Binary PPM: "P6", width, height, the largest value (255), one whitespace, then RGB bytes row by row.
  const ppm = run.stdout;
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('pdftoppm did not write an 8-bit PPM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const data = ppm.subarray(header[0].length);
  const scale = dpi / 72;
  const pixel = (px: number, py: number): [number, number, number] => {
    const i = (py * width + px) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return {
    width: width / scale,
    height: height / scale,
    scale,
    at(x, y) {
      const px = Math.min(width - 1, Math.max(0, Math.round(x * scale)));
      const py = Math.min(height - 1, Math.max(0, Math.round(y * scale)));
      return pixel(px, py);
    },
    find(left, top, right, bottom, test) {
      const found: PixelsFound = { count: 0, bounds: null };
      for (let py = Math.max(0, Math.floor(top * scale)); py < Math.min(height, Math.ceil(bottom * scale)); py++) {
        for (let px = Math.max(0, Math.floor(left * scale)); px < Math.min(width, Math.ceil(right * scale)); px++) {
          if (!test(pixel(px, py))) continue;
          found.count += 1;
          const [x, y] = [px / scale, py / scale];
          const b = (found.bounds ??= { left: x, top: y, right: x, bottom: y });
          [b.left, b.top, b.right, b.bottom] = [Math.min(b.left, x), Math.min(b.top, y), Math.max(b.right, x), Math.max(b.bottom, y)];
        }
      }
      return found;
    },
  };
}

/** How far apart two colours are (each channel's difference, the largest). */
export function colourDistance(a: [number, number, number], hex: string): number {
  const value = parseInt(hex.slice(1), 16);
  return Math.max(Math.abs(a[0] - ((value >> 16) & 255)), Math.abs(a[1] - ((value >> 8) & 255)), Math.abs(a[2] - (value & 255)));
}
