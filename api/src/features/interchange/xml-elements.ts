/*
 * [xml-elements] Issue 37: the elements of a well-formed XML document as plain objects, in one pass of indexOf over
 * the text. fast-xml-parser's validator has already said the text is well-formed (mspdi-xml.ts); its parser, which
 * matches every element against its option paths, took 2 s for a 10,000-task MSPDI file where this takes a tenth.
 * It reads what fast-xml-parser gave with { ignoreAttributes, removeNSPrefix, parseTagValue: false, trimValues,
 * processEntities: false }: an element with no child elements is its trimmed text (entities left as written, CDATA
 * added as is); one with children is an object of them by name (prefix removed), with '#text' for any text beside
 * them; a name seen twice, or named in `repeated`, is a list. Attributes, comments and processing instructions are
 * skipped; a declaration (<!DOCTYPE …) is never read: the caller refuses the file before this sees it.
 */

/** A parsed element: its children by name, or its text. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** Deeper than any MS Project file (fast-xml-parser's own default limit). */
export const MAX_XML_DEPTH = 100;

interface Open {
  name: string;
  children: XmlNode | null;
  text: string;
}

export class XmlReadError extends Error {}

/** The document's elements under a root object (its top element by name). */
export function readXmlElements(xml: string, repeated: ReadonlySet<string>): XmlNode {
  const stack: Open[] = [{ name: '', children: null, text: '' }];
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const top = stack[stack.length - 1]!;
    if (lt === -1) {
      top.text += xml.slice(at);
      break;
    }
    if (lt > at) top.text += xml.slice(at, lt);
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      at = after(xml, '?>', lt + 2);
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) at = after(xml, '-->', lt + 4);
      else if (xml.startsWith('<![CDATA[', lt)) {
        const end = after(xml, ']]>', lt + 9);
        top.text += xml.slice(lt + 9, end - 3);
        at = end;
      } else throw new XmlReadError('a declaration inside the document');
    } else if (next === 0x2f /* / */) {
      if (stack.length === 1) throw new XmlReadError('a closing tag with no element open');
      close(stack);
      at = after(xml, '>', lt + 2);
    } else {
      const end = tagEnd(xml, lt + 1);
      const selfClosing = xml.charCodeAt(end - 1) === 0x2f;
      const open: Open = { name: tagName(xml, lt + 1, selfClosing ? end - 1 : end), children: null, text: '' };
      stack.push(open);
      if (stack.length > MAX_XML_DEPTH + 1) throw new XmlReadError(`elements nested deeper than ${MAX_XML_DEPTH} levels`);
      if (selfClosing) close(stack);
      at = end + 1;
    }
  }
  if (stack.length !== 1) throw new XmlReadError('the document ends inside an element');
  function close(list: Open[]): void {
    const done = list.pop()!;
    const parent = list[list.length - 1]!;
    const text = done.text.trim();
    let value: XmlValue;
    if (done.children) {
      if (text !== '') done.children['#text'] = text;
      value = done.children;
    } else value = text;
    const into = (parent.children ??= Object.create(null) as XmlNode);
    const present = into[done.name];
    if (present === undefined) into[done.name] = repeated.has(done.name) ? [value] : value;
    // A value is never a list itself: a list here is one this reader made.
    else if (Array.isArray(present)) present.push(value);
    else into[done.name] = [present, value];
  }
  return stack[0]!.children ?? (Object.create(null) as XmlNode);
}

/** The index just past `token`, searching from `from`. */
function after(xml: string, token: string, from: number): number {
  const found = xml.indexOf(token, from);
  if (found === -1) throw new XmlReadError(`the document ends before «${token}»`);
  return found + token.length;
}

/** The index of the '>' that ends the tag begun at `from`, quoted attribute values skipped. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return i;
  }
  throw new XmlReadError('the document ends inside a tag');
}

/** The element's name, its namespace prefix removed. */
function tagName(xml: string, from: number, to: number): string {
  let end = from;
  while (end < to) {
    const c = xml.charCodeAt(end);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) break;
    end++;
  }
  const name = xml.slice(from, end);
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}
