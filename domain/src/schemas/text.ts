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
 * - A name is one line: a tab or line break inside one (three pasted spreadsheet rows, say) is refused with a
 *   message that says so, after the ends are trimmed; format characters (bidi marks, zero-width joiners in emoji)
 *   are writing, not control, and stay.
 */
export const withoutNul = (label: string) => [(v: string) => !v.includes('\u0000'), `${label} cannot contain a null character`] as const;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const wellFormed = (v: string) => v.replace(LONE_SURROGATE, '\uFFFD');
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Z}\p{Cs}]/u;
/** C0 and C1 controls (tab, line feed, carriage return among them), DEL, and the Unicode line and paragraph separators. */
const CONTROL_OR_BREAK = /[\p{Cc}\u2028\u2029]/u;
const withoutControls = (label: string) =>
  [(v: string) => !CONTROL_OR_BREAK.test(v), `${label} must be one line: remove tabs, line breaks and other control characters`] as const;

/** Whether text has a character to see (checked before unpaired surrogates become U+FFFD). */
export const hasVisibleText = (v: string) => VISIBLE.test(v);

/**
 * A required name (task, team, project): trimmed, `${label} is required` when blank or invisible, at most
 * `maxLength` characters, no NUL, one line (no tab, line break or other control character). `typeError` words a
 * value that is not text.
 */
export function requiredName(label: string, maxLength: number, typeError: string | ((issue: { input: unknown }) => string) = textError(label)) {
  const required = `${label} is required`;
  return z
    .string({ error: typeError })
    .refine(hasVisibleText, { error: required, abort: true })
    .overwrite(wellFormed)
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .refine(...withoutNul(label))
    .refine(...withoutControls(label));
}
