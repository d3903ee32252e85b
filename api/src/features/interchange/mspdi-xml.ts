import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isCalendarDate } from '@planline/domain';
import { AppError } from '../../errors.js';

/*
 * Issue 37: an MS Project XML file's bytes as plain objects, safely (ARCHITECTURE §3e). MS Project never writes a
 * DOCTYPE, so a file with one (or an entity declaration) is refused before any parser sees it: no external entity,
 * DTD or entity expansion is ever processed; the parser expands no entity at all, and `text` decodes XML's five
 * predefined entities and character references in the values read.
 */

/** A parsed element: its children by name, or its text. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** Elements that may repeat: always read as lists, so one of them reads as a list of one. */
const REPEATED = new Set(['Task', 'PredecessorLink', 'Calendar', 'WeekDay', 'Exception', 'WorkingTime', 'Resource', 'Assignment', 'Baseline', 'TimephasedData', 'ExtendedAttribute', 'OutlineCode', 'WorkWeek', 'Value']);

const DECLARATION = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i;

/** Decodes the file as its byte order mark says (UTF-16 from MS Project's "Save as" on some versions), else UTF-8. */
function decode(bytes: Buffer, fileName: string): string {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw notMspdi(fileName, 'it is not text (a binary .mpp file? In MS Project choose File › Save As › XML Format)');
  }
}

const notMspdi = (fileName: string, why: string) => new AppError('bad_request', `«${fileName}» is not an MS Project XML file: ${why}.`);

/** The Project element of an MSPDI file; a 400 naming the problem for anything else. */
export function parseMspdiXml(bytes: Buffer, fileName: string): XmlNode {
  const text = decode(bytes, fileName);
  const declaration = DECLARATION.exec(text);
  if (declaration) {
    throw new AppError(
      'bad_request',
      `«${fileName}» declares a ${declaration[1]!.toUpperCase()}. MS Project files have none, and Planline does not read them (they can make a server read other files). Save the plan from MS Project as XML again.`,
    );
  }
  if (!/^\s*</.test(text.replace(/^\uFEFF/, ''))) throw notMspdi(fileName, 'it does not start with XML');
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    trimValues: true,
    // Entities are decoded by `text` below, in the values read (a third of the parse time on a 10,000-task file).
    processEntities: false,
    isArray: (name) => REPEATED.has(name),
    // Callbacks get the tag name only: no path string built for every element.
    jPath: false,
  });
  // The validator on its own, then the parser without its own validation: a third of the time of parse(text, true).
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw notMspdi(fileName, `it is not well-formed XML (line ${valid.err.line}: ${valid.err.msg.replace(/\.$/, '')})`);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(text) as XmlNode;
  } catch (err) {
    // What the validator lets through and the parser will not take (elements nested past its limit).
    throw notMspdi(fileName, `it could not be read as XML (${(err instanceof Error ? err.message : String(err)).replace(/\.$/, '')})`);
  }
  const project = parsed.Project;
  if (!project || typeof project !== 'object' || Array.isArray(project)) throw notMspdi(fileName, 'it has no Project element');
  return project;
}

/** The child element `name` of `node`, when it is an element. */
export function child(node: XmlValue | undefined, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = node[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** The repeated child elements `name` of `node` (empty when there are none). */
export function children(node: XmlValue | undefined, name: string): XmlNode[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = node[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is XmlNode => !!v && typeof v === 'object' && !Array.isArray(v));
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five predefined entities and character references; anything else is left as written. */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return PREDEFINED[name]!;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** The text of the child element `name`, entities decoded; null when absent or empty. */
export function text(node: XmlValue | undefined, name: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? decodeEntities(first) : null;
}

/** The number in the child element `name`; null when absent or not a number. */
export function num(node: XmlValue | undefined, name: string): number | null {
  const value = text(node, name);
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** An xsd:boolean child: 1 or true. */
export function flag(node: XmlValue | undefined, name: string): boolean {
  const value = text(node, name);
  return value === '1' || value === 'true';
}

/** Plans live between these years; a date outside them is a broken file (and would send recurrences far). */
export const MSPDI_FIRST_YEAR = 1900;
export const MSPDI_LAST_YEAR = 2999;

/** The calendar date of an xsd:dateTime (`2026-03-02T08:00:00` → `2026-03-02`); null when it is not one. */
export function datePart(value: string | null): string | null {
  const date = value === null ? null : /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value)?.[1];
  if (!date || !isCalendarDate(date)) return null;
  const year = Number(date.slice(0, 4));
  return year >= MSPDI_FIRST_YEAR && year <= MSPDI_LAST_YEAR ? date : null;
}

/** Whether an xsd:dateTime is at midnight (a finish at 00:00 belongs to the day before). */
export function atMidnight(value: string | null): boolean {
  return !!value && /T00:00(?::00(?:\.0+)?)?$/.test(value);
}
