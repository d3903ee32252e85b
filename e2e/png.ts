import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Just enough PNG for the docs' screenshots (e2e/screenshots.ts): read Chromium's 8-bit, non-interlaced RGB(A)
 * output and write it again smaller, with the best filter per row and zlib's strongest setting, as an indexed
 * (palette) image when it has 256 colours or fewer.
 */

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes one row's filter, in place (`prev` is the row above, already undone). */
function unfilterRow(type: number, row: Uint8Array, prev: Uint8Array, bpp: number): void {
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    const add = type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth(a, b, c);
    row[i] = (row[i]! + add) & 0xff;
  }
}

function filterRow(type: number, row: Uint8Array, prev: Uint8Array, bpp: number): Uint8Array {
  const out = new Uint8Array(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    const sub = type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth(a, b, c);
    out[i + 1] = (row[i]! - sub) & 0xff;
  }
  return out;
}

export function decodePng(file: Uint8Array): RgbaImage {
  const buf = Buffer.from(file);
  if (!buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('ascii', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colorType = data[9]!;
      if (data[8] !== 8 || data[12] !== 0 || (colorType !== 2 && colorType !== 6)) throw new Error('only 8-bit, non-interlaced RGB or RGBA');
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const bpp = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const data = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const row = Uint8Array.from(raw.subarray(start + 1, start + 1 + stride));
    unfilterRow(raw[start]!, row, prev, bpp);
    for (let x = 0; x < width; x++) {
      data.set([row[x * bpp]!, row[x * bpp + 1]!, row[x * bpp + 2]!, bpp === 4 ? row[x * bpp + 3]! : 255], (y * width + x) * 4);
    }
    prev = row;
  }
  return { width, height, data };
}

/** The image's colours, when there are at most 256 of them (RGBA packed in a number), else null. */
function paletteOf(image: RgbaImage): number[] | null {
  const seen = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4) {
    seen.add(((image.data[i]! << 24) | (image.data[i + 1]! << 16) | (image.data[i + 2]! << 8) | image.data[i + 3]!) >>> 0);
    if (seen.size > 256) return null;
  }
  return [...seen];
}

/** Rows filtered with whichever filter leaves the smallest sum of magnitudes (the usual heuristic), then deflated. */
function compressRows(rows: Uint8Array[], bpp: number, tryFilters: boolean): Buffer {
  const out: Uint8Array[] = [];
  let prev: Uint8Array = new Uint8Array(rows[0]?.length ?? 0);
  for (const row of rows) {
    let best = filterRow(0, row, prev, bpp);
    if (tryFilters) {
      let bestScore = Infinity;
      for (let type = 0; type <= 4; type++) {
        const filtered = filterRow(type, row, prev, bpp);
        let score = 0;
        for (let i = 1; i < filtered.length; i++) score += filtered[i]! < 128 ? filtered[i]! : 256 - filtered[i]!;
        if (score < bestScore) [best, bestScore] = [filtered, score];
      }
    }
    out.push(best);
    prev = row;
  }
  return deflateSync(Buffer.concat(out), { level: 9, memLevel: 9 });
}

export function encodePng(image: RgbaImage): Buffer {
  const { width, height, data } = image;
  const palette = paletteOf(image);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const chunks: Buffer[] = [];
  if (palette) {
    header[9] = 3;
    const index = new Map(palette.map((c, i) => [c, i]));
    const rows = Array.from({ length: height }, (_, y) => {
      const row = new Uint8Array(width);
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        row[x] = index.get(((data[i]! << 24) | (data[i + 1]! << 16) | (data[i + 2]! << 8) | data[i + 3]!) >>> 0)!;
      }
      return row;
    });
    const plte = Buffer.alloc(palette.length * 3);
    const trns = Buffer.alloc(palette.length);
    palette.forEach((c, i) => {
      plte.writeUInt8(c >>> 24, i * 3);
      plte.writeUInt8((c >>> 16) & 0xff, i * 3 + 1);
      plte.writeUInt8((c >>> 8) & 0xff, i * 3 + 2);
      trns.writeUInt8(c & 0xff, i);
    });
    chunks.push(chunk('PLTE', plte));
    if (palette.some((c) => (c & 0xff) !== 255)) chunks.push(chunk('tRNS', trns));
    // Filters rarely help an indexed image (the PNG spec's advice): none, on every row.
    chunks.push(chunk('IDAT', compressRows(rows, 1, false)));
  } else {
    const opaque = data.every((v, i) => i % 4 !== 3 || v === 255);
    header[9] = opaque ? 2 : 6;
    const bpp = opaque ? 3 : 4;
    const rows = Array.from({ length: height }, (_, y) => {
      const row = new Uint8Array(width * bpp);
      for (let x = 0; x < width; x++) row.set(data.subarray((y * width + x) * 4, (y * width + x) * 4 + bpp), x * bpp);
      return row;
    });
    chunks.push(chunk('IDAT', compressRows(rows, bpp, true)));
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), ...chunks, chunk('IEND', new Uint8Array(0))]);
}

/**
 * The image in at most `colours` colours (lossy, for an image too big as it is): the most common colours, counted
 * at 5 bits a channel and each the mean of the pixels it stands for, and every pixel drawn in its nearest one. A
 * screenshot of an interface is mostly flat colour, so this keeps it sharp; only anti-aliased edges shift a little.
 * Opaque images only.
 */
export function quantize(image: RgbaImage, colours = 256): RgbaImage {
  const { data } = image;
  const bin = (i: number) => ((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3);
  const count = new Uint32Array(1 << 15);
  const sum = new Float64Array(3 << 15);
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] !== 255) throw new Error('quantize: only opaque images');
    const b = bin(i);
    count[b] = count[b]! + 1;
    for (let c = 0; c < 3; c++) sum[b * 3 + c] = sum[b * 3 + c]! + data[i + c]!;
  }
  const bins = [...count.keys()].filter((b) => count[b]! > 0).sort((a, b) => count[b]! - count[a]!);
  const palette = bins.slice(0, colours).map((b) => [0, 1, 2].map((c) => Math.round(sum[b * 3 + c]! / count[b]!)) as [number, number, number]);
  const nearest = new Int16Array(1 << 15).fill(-1);
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const b = bin(i);
    if (nearest[b] === -1) {
      let best = 0;
      let bestDistance = Infinity;
      palette.forEach(([r, g, bl], p) => {
        // Weighted by how strongly the eye sees each channel.
        const d = 2 * (r - data[i]!) ** 2 + 4 * (g - data[i + 1]!) ** 2 + 3 * (bl - data[i + 2]!) ** 2;
        if (d < bestDistance) [best, bestDistance] = [p, d];
      });
      nearest[b] = best;
    }
    const [r, g, bl] = palette[nearest[b]!]!;
    out.set([r, g, bl, 255], i);
  }
  return { width: image.width, height: image.height, data: out };
}
