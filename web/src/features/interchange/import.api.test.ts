import type { ImportSummary } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { BUSY_RETRY_DELAYS_MS, importFormatOf, importUrl, postImportWhenFree, type ImportRequest } from './import.api';

describe('[import] the request the dialog sends', () => {
  it.each([
    ['Plan.XML', 'mspdi'],
    ['q3 plan.csv', 'csv'],
    ['budget.v2.xlsx', 'xlsx'],
    ['old.xls', null],
    ['plan.mpp', null],
    ['csv', null],
  ])('%s is read as %s', (name, format) => {
    expect(importFormatOf(name)).toBe(format);
  });

  it('names the file and the changed columns in the query, encoded', () => {
    const url = importUrl({ projectId: 'p1', fileName: 'Q3 & Q4.csv', format: 'csv', mode: 'replace', preview: true, columns: { start: 'Begin', finish: '' } });
    const query = new URL(url, 'https://x.test').searchParams;
    expect(url.startsWith('/api/projects/p1/import?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({ format: 'csv', mode: 'replace', preview: 'true', fileName: 'Q3 & Q4.csv', columns: '{"start":"Begin","finish":""}' });
    expect(new URL(importUrl({ projectId: 'p1', fileName: 'a.xml', format: 'mspdi', mode: 'append', preview: false }), 'https://x.test').searchParams.has('columns')).toBe(false);
  });
});

describe('[import-flood] while the server is still reading the previous file', () => {
  const request: ImportRequest = { projectId: 'p1', file: new Blob(['x']), fileName: 'a.xml', format: 'mspdi', mode: 'append', preview: true };
  const busy = new Error('429: {"message":"Another import of yours is still being read.","code":"too_many_requests"}');
  const summary = { tasks: 3 } as ImportSummary;

  it('sends again after a wait on a 429, and answers the first success', async () => {
    const answers: (Error | ImportSummary)[] = [busy, busy, summary];
    const waits: number[] = [];
    const sent = await postImportWhenFree(
      request,
      undefined,
      undefined,
      async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      async (ms) => void waits.push(ms),
    );
    expect(sent).toBe(summary);
    expect(waits).toEqual(BUSY_RETRY_DELAYS_MS.slice(0, 2));
  });

  it('gives up with the 429 after the last wait, at once on any other failure, and stops when aborted', async () => {
    let tries = 0;
    const alwaysBusy = async () => {
      tries += 1;
      throw busy;
    };
    await expect(postImportWhenFree(request, undefined, undefined, alwaysBusy, async () => undefined)).rejects.toBe(busy);
    expect(tries).toBe(BUSY_RETRY_DELAYS_MS.length + 1);

    const broken = new Error('400: {"message":"not XML"}');
    tries = 0;
    await expect(postImportWhenFree(request, undefined, undefined, async () => ((tries += 1), Promise.reject(broken)), async () => undefined)).rejects.toBe(broken);
    expect(tries).toBe(1);

    const controller = new AbortController();
    tries = 0;
    const waited = postImportWhenFree(request, undefined, controller.signal, alwaysBusy, async () => controller.abort());
    await expect(waited).rejects.toMatchObject({ name: 'AbortError' });
    expect(tries).toBe(1);
  });
});
