import { createWorkCalendar } from '@planline/domain';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors.js';

const thrown = vi.hoisted(() => ({ error: null as unknown }));
vi.mock('./mspdi-read.js', () => ({
  readMspdi: () => {
    throw thrown.error;
  },
}));
const { readPlan } = await import('./readers.js');

const calendar = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
const options = { fileName: 'plan.xml', calendar: calendar.ok ? calendar.calendar : (null as never) };

describe('[import] a reader that refuses the file', () => {
  it.each([
    [Object.assign(new Error('The file has a DOCTYPE, which is never read'), { status: 422 }), 422, 'The file has a DOCTYPE, which is never read'],
    [Object.assign(new Error('Not an MS Project file'), { status: 415 }), 415, 'Not an MS Project file'],
    [new Error('Line 3: unclosed tag'), 400, 'Line 3: unclosed tag'],
    [Object.assign(new Error('odd'), { status: 500 }), 400, 'odd'],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), 400, '«plan.xml» could not be read as an MS Project XML file.'],
  ])('%s → %i with a message for the person', async (error, status, message) => {
    thrown.error = error;
    const refused = await readPlan(() => Buffer.from('x'), 'mspdi', options).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status, message });
  });

  it("passes a reader's own AppError through as it is", async () => {
    thrown.error = new AppError('payload_too_large', 'The workbook unpacks to more than 200 MB');
    await expect(readPlan(() => Buffer.from('x'), 'mspdi', options)).rejects.toMatchObject({ status: 413, message: 'The workbook unpacks to more than 200 MB' });
  });
});
