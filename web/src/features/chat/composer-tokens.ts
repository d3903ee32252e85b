/*
 * The chat composer's @ and # (issue 38): what the person is typing a name for, what a pick puts in the text, and
 * which picks are still in the text when it is sent. Pure, so the rules are tested without a browser.
 */

export type TriggerKind = 'mention' | 'task';

/** The "@ana" or "#wire" being typed right before the caret: its kind, the text after the sign, where the sign is. */
export interface ActiveTrigger {
  kind: TriggerKind;
  query: string;
  start: number;
}

/** Longest text after @ or # still looked up (a name, not a paragraph). */
const MAX_QUERY = 60;

/**
 * The trigger the caret is in, or null. The sign starts the text or follows a space or a line break (an e-mail's @ is
 * no mention); the query runs to the caret, without a line break, and a mention's query has no space in it.
 */
export function activeTrigger(text: string, caret: number): ActiveTrigger | null {
  const before = text.slice(0, caret);
  for (let i = before.length - 1; i >= 0 && before.length - i <= MAX_QUERY + 1; i -= 1) {
    const c = before[i]!;
    if (c === '\n') return null;
    if (c !== '@' && c !== '#') continue;
    if (i > 0 && !/\s/.test(before[i - 1]!)) continue;
    const kind: TriggerKind = c === '@' ? 'mention' : 'task';
    const query = before.slice(i + 1);
    if (kind === 'mention' && /\s/.test(query)) return null;
    if (query.startsWith(' ')) return null;
    return { kind, query, start: i };
  }
  return null;
}

/** A person or task picked from the autocomplete; `label` is what the text shows after the sign. */
export interface Pick {
  kind: TriggerKind;
  id: string;
  label: string;
}

export const tokenOf = (pick: Pick) => `${pick.kind === 'mention' ? '@' : '#'}${pick.label}`;

/** The text with the trigger replaced by the picked token and a space; the caret goes after them. */
export function applyPick(text: string, caret: number, trigger: ActiveTrigger, pick: Pick): { text: string; caret: number } {
  const inserted = `${tokenOf(pick)} `;
  const next = text.slice(0, trigger.start) + inserted + text.slice(caret);
  return { text: next, caret: trigger.start + inserted.length };
}

/** The ids of the picks whose token is still in the text (a pick deleted or edited away is no mention). */
export function picksInText(text: string, picks: Pick[]): { mentionedUserIds: string[]; taskIds: string[] } {
  const present = picks.filter((p) => text.includes(tokenOf(p)));
  const ids = (kind: TriggerKind) => [...new Set(present.filter((p) => p.kind === kind).map((p) => p.id))];
  return { mentionedUserIds: ids('mention'), taskIds: ids('task') };
}

/** The next option of a list of `count` for an arrow key, wrapping around; -1 when there are none. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  return (active + step + count) % count;
}
