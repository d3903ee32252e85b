import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../errors.js';

/**
 * [xlsx-zip-guard] An .xlsx is a zip, and exceljs inflates every part of it into memory: a 50 MB upload may
 * declare gigabytes (a zip bomb). Before exceljs sees the file we read the zip's central directory ourselves
 * (the entry count and each entry's declared sizes) and refuse past sane limits, then inflate each entry with a
 * cap of its declared size, so a file whose directory understates its parts is refused too, never inflated
 * beyond what was checked. Plain node:zlib; nothing of the file is kept.
 */

/** All parts of a workbook together, inflated: a 10,000-task sheet is ~5 MB; 200 MB leaves room for images. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** Parts in the zip: a workbook has tens; thousands would only be images or padding. */
export const XLSX_MAX_ENTRIES = 10_000;
/**
 * Inflated to compressed size, for parts above XLSX_RATIO_FLOOR_BYTES: sheet XML compresses 10-50 times; deflate
 * cannot pass ~1,030, which only runs of one repeated byte reach.
 */
export const XLSX_MAX_RATIO = 500;
const XLSX_RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_MARK = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  method: number;
  compressedBytes: number;
  uncompressedBytes: number;
  localHeaderOffset: number;
}

const notXlsx = (why: string) =>
  new AppError('bad_request', `This file is not a readable Excel workbook (.xlsx) (${why}). Save it from Excel as "Excel Workbook (.xlsx)", or export it as CSV.`);

const tooLarge = (why: string) =>
  new AppError('payload_too_large', `This workbook is refused: ${why}. Remove images or other sheets, or export the task sheet as CSV.`);

/** The zip's entries as its central directory declares them; throws a 400 when the file is not a zip. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  if (bytes.length < EOCD_BYTES || bytes.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notXlsx('it is not a zip archive');
  let eocd = -1;
  for (let at = bytes.length - EOCD_BYTES; at >= Math.max(0, bytes.length - EOCD_BYTES - MAX_COMMENT_BYTES); at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw notXlsx('the zip has no central directory; it may be cut short');
  const count = bytes.readUInt16LE(eocd + 10);
  const directoryBytes = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64's own end record is only needed past 65,535 entries or 4 GB: never a workbook we take.
  if (count === 0xffff || directoryOffset === ZIP64_MARK) throw tooLarge('it is a ZIP64 archive, larger than any task sheet');
  if (count > XLSX_MAX_ENTRIES) throw tooLarge(`it holds ${count} parts, more than ${XLSX_MAX_ENTRIES}`);
  if (directoryOffset + directoryBytes > eocd) throw notXlsx('its central directory lies outside the file');

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw notXlsx('its central directory is damaged');
    const nameBytes = bytes.readUInt16LE(at + 28);
    const extraBytes = bytes.readUInt16LE(at + 30);
    const commentBytes = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameBytes),
      method: bytes.readUInt16LE(at + 10),
      compressedBytes: bytes.readUInt32LE(at + 20),
      uncompressedBytes: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    readZip64Sizes(entry, bytes.subarray(at + 46 + nameBytes, at + 46 + nameBytes + extraBytes));
    entries.push(entry);
    at += 46 + nameBytes + extraBytes + commentBytes;
  }
  return entries;
}

/** An entry's sizes and offset from its ZIP64 extra field, where the 32-bit fields say "see ZIP64". */
function readZip64Sizes(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw notXlsx('a ZIP64 field is damaged');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedBytes === ZIP64_MARK) entry.uncompressedBytes = next();
      if (entry.compressedBytes === ZIP64_MARK) entry.compressedBytes = next();
      if (entry.localHeaderOffset === ZIP64_MARK) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/**
 * Refuses a zip (413 or 400, with a message a person can act on) whose parts declare more than the limits, or
 * whose parts inflate past what they declare. Returns the entries when it is safe to hand to exceljs.
 */
export function guardXlsx(bytes: Buffer): ZipEntry[] {
  const entries = zipEntries(bytes);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedBytes;
    if (total > XLSX_MAX_UNCOMPRESSED_BYTES) throw tooLarge(`its parts unpack to more than ${XLSX_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB`);
    if (entry.uncompressedBytes > XLSX_RATIO_FLOOR_BYTES && entry.uncompressedBytes > entry.compressedBytes * XLSX_MAX_RATIO) {
      throw tooLarge(`its part ${entry.name} unpacks ${Math.round(entry.uncompressedBytes / Math.max(1, entry.compressedBytes))} times larger than it is stored, as only a zip bomb does`);
    }
  }
  for (const entry of entries) checkInflatedSize(bytes, entry);
  return entries;
}

/** Inflates one entry no further than its declared size: a part larger than declared is refused. */
function checkInflatedSize(bytes: Buffer, entry: ZipEntry): void {
  if (entry.name.endsWith('/') && entry.uncompressedBytes === 0) return;
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) throw notXlsx(`its part ${entry.name} is missing`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedBytes);
  if (start + entry.compressedBytes > bytes.length) throw notXlsx(`its part ${entry.name} is cut short`);
  if (entry.method === STORED) {
    if (entry.compressedBytes !== entry.uncompressedBytes) throw notXlsx(`its part ${entry.name} has inconsistent sizes`);
    return;
  }
  if (entry.method !== DEFLATED) throw notXlsx(`its part ${entry.name} uses a compression Excel does not write`);
  let inflated: number;
  try {
    // One byte of room: output reaching it means the part is larger than declared.
    inflated = inflateRawSync(data, { maxOutputLength: entry.uncompressedBytes + 1 }).length;
  } catch (err) {
    if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(`its part ${entry.name} unpacks to more than the ${entry.uncompressedBytes} bytes it declares`);
    }
    throw notXlsx(`its part ${entry.name} is damaged`);
  }
  if (inflated > entry.uncompressedBytes) throw tooLarge(`its part ${entry.name} unpacks to more than the ${entry.uncompressedBytes} bytes it declares`);
}
