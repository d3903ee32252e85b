import { SaxesParser } from 'saxes';
import { isCalendarDate } from '@planline/domain';
import { AppError } from '../../errors.js';

/*
 * Issue 37: an MS Project XML file's bytes read as a stream of small elements, safely (ARCHITECTURE §3e). MS Project
 * never writes a DOCTYPE, so a file with one (or an entity declaration) is refused before any parser sees it, and
 * again by the parser should one get past that check: no external entity, DTD or entity expansion is ever
 * processed. saxes checks the file is well-formed and decodes only XML's five predefined entities and character
 * references. The whole file is never held as a tree: each Task, Resource, Assignment and Calendar is handed to the
 * reader as its own small element when it closes, and dropped by the parser (10,000 tasks once took 80 MB as one tree).
 */

/** A parsed element: its children by name, or its text. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** Elements that may repeat: always read as lists, so one of them reads as a list of one. */
const REPEATED = new Set(['Task', 'PredecessorLink', 'Calendar', 'WeekDay', 'Exception', 'WorkingTime', 'Resource', 'Assignment', 'Baseline', 'TimephasedData', 'ExtendedAttribute', 'OutlineCode', 'WorkWeek', 'Value']);

/** The lists of the Project whose entries the reader takes, each entry's element name. */
export type MspdiEntry = 'Task' | 'Resource' | 'Assignment' | 'Calendar';
const ENTRIES = new Map<string, MspdiEntry>([['Tasks', 'Task'], ['Resources', 'Resource'], ['Assignments', 'Assignment'], ['Calendars', 'Calendar']]);

/** No MS Project file nests elements this deep (a Calendar's WorkingTime is at 7); deeper is a hostile file. */
export const MSPDI_MAX_DEPTH = 64;

const DECLARATION = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i;

/** Decodes the file as its byte order mark says (UTF-16 from MS Project's "Save as" on some versions), else UTF-8. */
function decode(bytes: Buffer, fileName: string): string {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  try {
    // The decoder drops the byte order mark.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw notMspdi(fileName, 'it is not text (a binary .mpp file? In MS Project choose File › Save As › XML Format)');
  }
}

const notMspdi = (fileName: string, why: string) => new AppError('bad_request', `«${fileName}» is not an MS Project XML file: ${why}.`);

const declares = (fileName: string, what: string) =>
  new AppError(
    'bad_request',
    `«${fileName}» declares a ${what.toUpperCase()}. MS Project files have none, and Planline does not read them (they can make a server read other files). Save the plan from MS Project as XML again.`,
  );

/** What the reader is handed, in file order. */
export interface MspdiHandlers {
  /** One Task, Resource, Assignment or Calendar, as soon as it closes. */
  entry(name: MspdiEntry, node: XmlNode): void;
}

/** An element outside any entry (or a list the reader does not take): nothing of it is kept. */
const SKIP: XmlNode = Object.freeze({}) as XmlNode;

/** An element being built: its name, its children so far, its text so far. */
interface Open {
  name: string;
  /** Its children, null while it has none, SKIP when nothing of it is kept. */
  node: XmlNode | null;
  text: string;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Sets child `name` of `node` to `value`, a list for a repeated element (or a second one of the same name). */
function put(node: XmlNode, name: string, value: XmlValue): void {
  const seen = node[name];
  if (seen === undefined) node[name] = REPEATED.has(name) ? [value] : value;
  else if (Array.isArray(seen) && REPEATED.has(name)) seen.push(value);
  else node[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
}

/**
 * [mspdi-stream] Reads an MSPDI file: hands each Task, Resource, Assignment and Calendar to `handlers.entry` as it
 * closes and returns the Project's own fields (its text children: MinutesPerDay, CalendarUID …). A 400 naming the
 * problem for anything that is not a well-formed MSPDI file. `take` gives the bytes and lets go of them, so that
 * neither they nor the decoded text outlive the parse.
 */
export function readMspdiXml(take: () => Buffer, fileName: string, handlers: MspdiHandlers): XmlNode {
  let text: string | null = decode(take(), fileName);
  const declaration = DECLARATION.exec(text);
  if (declaration) throw declares(fileName, declaration[1]!);
  if (!/^\s*</.test(text)) throw notMspdi(fileName, 'it does not start with XML');

  const header: XmlNode = {};
  let projectSeen = false;
  /** Open elements, the root first; only those inside an entry (and the Project's fields) build a node. */
  const open: Open[] = [];
  /** The index in `open` of the entry being built (a Task …), or -1. */
  let entryAt = -1;
  const parser = new SaxesParser({ position: true, xmlns: false });
  parser.on('error', (err) => {
    throw notMspdi(fileName, `it is not well-formed XML (line ${parser.line}: ${err.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '')})`);
  });
  parser.on('doctype', () => {
    throw declares(fileName, 'DOCTYPE');
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const depth = open.length;
    if (depth === 0) {
      if (name !== 'Project') throw notMspdi(fileName, 'it has no Project element');
      projectSeen = true;
    }
    if (depth >= MSPDI_MAX_DEPTH) throw notMspdi(fileName, `its elements nest more than ${MSPDI_MAX_DEPTH} deep`);
    // Depth 1: the Project's fields (not its lists); depth 2: the entries of its lists; deeper: only within an entry.
    const building = (depth === 1 && !ENTRIES.has(name)) || (depth === 2 && ENTRIES.get(open[1]!.name) === name) || entryAt >= 0;
    if (depth === 2 && building) entryAt = depth;
    open.push({ name, node: building ? null : SKIP, text: '' });
  });
  const addText = (value: string) => {
    const top = open.at(-1);
    // Text only counts in an element without children (the whitespace between elements is not read).
    if (top && top.node === null) top.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const closing = open.pop()!;
    const depth = open.length;
    if (closing.node === SKIP) return;
    const value: XmlValue = closing.node ?? closing.text.trim();
    if (depth === entryAt) {
      entryAt = -1;
      handlers.entry(closing.name as MspdiEntry, value && typeof value === 'object' ? value : {});
      return;
    }
    if (depth === 1) {
      // A field of the Project (a list the reader does not take, such as ExtendedAttributes, is skipped).
      if (typeof value === 'string') put(header, closing.name, value);
      return;
    }
    const parent = open[depth - 1]!;
    if (parent.node !== SKIP) {
      parent.node ??= {};
      put(parent.node, closing.name, value);
    }
  });
  // The parser's own failures come through its error handler above, as 400s; anything else thrown from here is a
  // fault of ours in the handlers, which reaches the log as a 500 rather than passing for the person's bad file.
  parser.write(text);
  text = null;
  parser.close();
  if (!projectSeen) throw notMspdi(fileName, 'it has no Project element');
  return header;
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

/** The text of the child element `name` (entities decoded by the parser); null when absent or empty. */
export function text(node: XmlValue | undefined, name: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : null;
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
