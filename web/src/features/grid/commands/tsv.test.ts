import { describe, expect, it } from 'vitest';
import { readTsv, writeTsv } from './tsv';

describe('[grid-tsv] clipboard text', () => {
  it('round-trips cells with tabs, line breaks and quotes', () => {
    const rows = [
      ['Name', 'Notes'],
      ['Pour "slab"', 'line one\nline two'],
      ['"Quoted" start', 'a\tb'],
      ['', 'plain'],
    ];
    const text = writeTsv(rows);
    expect(text).toBe('Name\tNotes\nPour "slab"\t"line one\nline two"\n"""Quoted"" start"\t"a\tb"\n\tplain\n');
    expect(readTsv(text)).toEqual(rows);
  });

  it('reads what Excel puts on the clipboard: CRLF line ends and a trailing newline', () => {
    expect(readTsv('A\tB\r\n"x\r\ny"\t2\r\n')).toEqual([
      ['A', 'B'],
      ['x\ny', '2'],
    ]);
  });

  it('keeps empty rows, inside the block and last, and reads nothing as no rows', () => {
    expect(readTsv(writeTsv([['Name'], [''], ['']]))).toEqual([['Name'], [''], ['']]);
    expect(readTsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
    expect(readTsv('')).toEqual([]);
    expect(readTsv('\r\n')).toEqual([]);
  });
});
