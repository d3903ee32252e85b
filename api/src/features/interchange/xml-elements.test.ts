import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, readXmlElements, XmlReadError } from './xml-elements.js';

const REPEATED = new Set(['Task', 'PredecessorLink']);

/** What fast-xml-parser gave with the options mspdi-xml.ts used before this reader replaced its parser. */
function byFastXmlParser(xml: string) {
  return new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true, processEntities: false, isArray: (n) => REPEATED.has(n) }).parse(xml) as unknown;
}

describe('[xml-elements] the one-pass element reader', () => {
  it('[xml-elements] reads a file as fast-xml-parser did: text, lists, repeats, prefixes, CDATA, comments, attributes, mixed text', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!-- written by hand -->
<Project xmlns="http://schemas.microsoft.com/project">
  <Name>Plan &amp; more</Name>
  <Empty/><Blank></Blank>
  <Tasks>
    <Task><UID>1</UID><Name attr="a > b" other='x'>  Design  </Name>
      <PredecessorLink><PredecessorUID>2</PredecessorUID><Type>1</Type></PredecessorLink>
    </Task>
    <Task><UID>2</UID><Notes><![CDATA[<b>bold</b> & plain]]></Notes></Task>
  </Tasks>
  <ns:Twice>one</ns:Twice><Twice>two</Twice><Twice>three</Twice>
  <Mixed>before<Inner>in</Inner>after</Mixed>
</Project>`;
    const mine = readXmlElements(xml, REPEATED);
    // The XML declaration, a processing instruction, is not an element (fast-xml-parser kept it as «?xml»).
    expect(mine.Project).toEqual((byFastXmlParser(xml) as { Project: unknown }).Project);
    expect(mine).toMatchObject({ Project: { Name: 'Plan &amp; more', Twice: ['one', 'two', 'three'], Tasks: { Task: [{ UID: '1', Name: 'Design' }, { Notes: '<b>bold</b> & plain' }] } } });
  });

  it('[xml-elements] a name no file may use as a key stays an element, never an object prototype', () => {
    const mine = readXmlElements('<Project><__proto__><Polluted>1</Polluted></__proto__></Project>', REPEATED);
    expect(({} as Record<string, unknown>).Polluted).toBeUndefined();
    expect((mine.Project as Record<string, unknown>).__proto__).toEqual({ Polluted: '1' });
  });

  it('[xml-elements] refuses nesting past its limit and a truncated document', () => {
    const deep = '<a>'.repeat(MAX_XML_DEPTH + 1) + '</a>'.repeat(MAX_XML_DEPTH + 1);
    expect(() => readXmlElements(deep, REPEATED)).toThrow(XmlReadError);
    expect(() => readXmlElements('<a>'.repeat(MAX_XML_DEPTH) + '</a>'.repeat(MAX_XML_DEPTH), REPEATED)).not.toThrow();
    expect(() => readXmlElements('<Project><Name>x</Name>', REPEATED)).toThrow(/ends inside an element/);
    expect(() => readXmlElements('<Project><Name', REPEATED)).toThrow(/ends inside a tag/);
  });
});
