import { z } from 'zod';
import { textError } from './user.js';

/** A calendar date as the whole product writes it: 'yyyy-MM-dd', a real day of a real month. */
export const calendarDateSchema = z
  .string({ error: textError('Date') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written yyyy-MM-dd')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'That date does not exist');
