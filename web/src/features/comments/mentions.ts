import { displayName } from '@planline/domain';

export interface MentionPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The "@query" being typed just before the caret (at the start or after a space), or null. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[1]!.length - 1, query: m[1]! };
}

/** People whose name (or e-mail) starts a word with the query, at most `limit`, in their order. */
export function mentionMatches<P extends MentionPerson>(people: readonly P[], query: string, limit = 8): P[] {
  const q = query.toLowerCase();
  return people
    .filter((p) => {
      if (!q) return true;
      const words = `${displayName(p)} ${p.firstName} ${p.lastName} ${p.email}`.toLowerCase().split(/\s+/);
      return words.some((w) => w.startsWith(q));
    })
    .slice(0, limit);
}

/** The text with the "@query" at `start` replaced by "@Name ", and where the caret goes after it. */
export function insertMention(text: string, start: number, caret: number, person: MentionPerson): { text: string; caret: number } {
  const inserted = `@${displayName(person)} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** Of the people picked, those whose "@Name" is still in the text (the body keeps the names as written). */
export function mentionedIds(text: string, picked: readonly MentionPerson[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${displayName(p)}`)).map((p) => p.id))];
}
