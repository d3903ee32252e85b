import { z } from 'zod';
import { textError } from './user.js';

/*
 * Text the database would refuse is settled here, where the API and the document's judge both look: a change
 * that fails to store on every retry would otherwise leave the document ahead of the rows.
 * - PostgreSQL text cannot hold U+0000: refused.
 * - An unpaired UTF-16 surrogate has no UTF-8 form: node-postgres stores U+FFFD for it and PGlite refuses the
 *   row, so it becomes U+FFFD here, the same on both (and what Yjs sends other clients anyway).
 * - A name needs something to see: one made only of spaces, control and format characters (zero-width, bidi
 *   marks) or unpaired surrogates is blank, and the rows' CHECK (name ~ '[^[:space:]]') may count some of those
 *   as spaces.
 */
export const withoutNul = (label: string) => [(v: string) => !v.includes('\u0000'), `${label} cannot contain a null character`] as const;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const wellFormed = (v: string) => v.replace(LONE_SURROGATE, '\uFFFD');
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Z}\p{Cs}]/u;

/** Whether text has a character to see (checked before unpaired surrogates become U+FFFD). */
export const hasVisibleText = (v: string) => VISIBLE.test(v);

/**
 * A required name (task, team, project): trimmed, `${label} is required` when blank or invisible, at most
 * `maxLength` characters, no NUL. `typeError` words a value that is not text.
 */
export function requiredName(label: string, maxLength: number, typeError: string | ((issue: { input: unknown }) => string) = textError(label)) {
  const required = `${label} is required`;
  return z
    .string({ error: typeError })
    .refine(hasVisibleText, { error: required, abort: true })
    .overwrite(wellFormed)
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .refine(...withoutNul(label));
}
