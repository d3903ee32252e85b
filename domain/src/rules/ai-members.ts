import type { AiParseWarning } from '../schemas/ai.js';

/** Someone a task can be assigned to: a member of the project's team or a guest of the project. */
export interface PromptMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export type MemberMatch =
  | { kind: 'found'; member: PromptMember }
  | { kind: 'ambiguous'; members: PromptMember[] }
  | { kind: 'none' };

/** Case- and accent-insensitive form of a name: 'José' and 'jose' compare equal. */
export function foldName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function memberFullName(member: Pick<PromptMember, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

function unique(found: PromptMember[]): MemberMatch {
  const byId = new Map(found.map((m) => [m.id, m]));
  if (byId.size === 1) return { kind: 'found', member: found[0]! };
  return byId.size > 1 ? { kind: 'ambiguous', members: [...byId.values()] } : { kind: 'none' };
}

/**
 * [ai-assignee] The member a written name points at: by e-mail, by full name, by first name, or (for '@handles')
 * by the e-mail's local part or first.last. A first name shared by two members is ambiguous: nobody is picked
 * rather than the wrong person.
 */
export function matchMember(written: string, members: readonly PromptMember[]): MemberMatch {
  const name = foldName(written.replace(/^@/, ''));
  if (!name) return { kind: 'none' };
  if (name.includes('@')) return unique(members.filter((m) => foldName(m.email) === name));
  const full = unique(members.filter((m) => foldName(memberFullName(m)) === name));
  if (full.kind !== 'none') return full;
  const first = unique(members.filter((m) => foldName(m.firstName) === name));
  if (first.kind !== 'none') return first;
  const handle = name.replace(/\s+/g, '');
  return unique(
    members.filter((m) => {
      const first = foldName(m.firstName).replace(/\s+/g, '');
      const last = foldName(m.lastName).replace(/\s+/g, '');
      const local = foldName(m.email.split('@')[0] ?? '');
      return handle === local || handle === `${first}.${last}` || handle === `${first}${last}` || handle === `${first}_${last}`;
    }),
  );
}

// ---- who the prompt names ------------------------------------------------------------------------------
const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

/** Words that end a name: 'Maria by Friday', 'for next sprint', 'with the team'. */
export const NAME_STOP_WORDS = words(`
  by on in at next this tomorrow today tonight due from before until till and with asap urgent urgently priority
  high low medium critical important to the a an for of starting start starts please takes take lasts should will
  must can could needs need has have is are be it its i we you they he she me my our your their someone somebody
  everyone nobody anyone monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
  fri sat sun jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august
  september october november december week weeks weekend day days month months quarter year eod eow noon morning
  afternoon evening now later soon blocked done completed started`);

/** Words after 'with' or 'for' that name a group, not a person: 'Sync with Legal' keeps its name. */
const NOT_PEOPLE = words(`
  team teams everyone everybody all marketing sales legal finance accounting design engineering product support
  hr ops operations security management leadership board client clients customer customers vendor vendors
  partner partners stakeholders research data analytics infrastructure devops frontend backend mobile web
  staging production prod release launch sprint`);

/**
 * Verbs a task starts with. A capitalised first word that is one of these is the task, not a person ('Migrate to
 * Postgres', 'Ship to production'); and for someone who is not a member, 'Alice to …' and 'Alice should …'
 * count only when one of these follows ('Alice to draft …'), so 'Road to launch' stays a name.
 */
const TASK_VERBS = words(`
  add adapt analyse analyze apply approve archive arrange ask assign attach attend audit automate back backup book
  brief bring build buy calculate call cancel change chase check choose clarify clean close coach collect commit
  compare compile complete configure confirm connect contact convert coordinate copy create debug decide define
  delegate delete deliver demo deploy describe design develop document downgrade download draft drive drop edit
  email enable disable escalate estimate evaluate export extend file fill finalise finalize find finish fix flag
  fly follow forward get give go hand handle help hire host implement import improve inform install interview
  introduce investigate invite invoice label launch lead learn link list load lock log look mail maintain make map
  measure meet mentor merge migrate monitor move negotiate notify onboard open optimise optimize order organise
  organize outline pack paint pair pay phone pick pitch plan polish post prepare present print prioritise
  prioritize process produce promote proofread propose prototype provide publish purchase push put raise reach
  read rebuild record redesign refactor refresh register release relocate remind remove rename renew reorganise
  repair replace reply report request research reserve reset resolve respond restart restore resubmit review
  revise rewrite roll run schedule scope send set settle share ship show sign simplify sketch sort speak specify
  split start submit summarise summarize supervise support survey switch sync talk teach test track train transfer
  translate travel triage try turn type unblock update upgrade upload validate verify visit walk welcome wire
  wrap write`);

const NAME_WORD = /^[\p{L}\p{M}][\p{L}\p{M}'’.-]*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The verb after 'Alice to', 'Alice should', 'remind Alice to'; the modal is removed with the name. */
const MODAL = String.raw`(?:to|should|will|must|can|could|shall|needs?\s+to|has\s+to|have\s+to|is\s+to|is\s+going\s+to|'ll)`;

function nameWords(text: string, from: number): { words: string[]; ends: number[] } {
  const found: string[] = [];
  const ends: number[] = [];
  const re = /\s*([^\s,;:!?()[\]]+)/uy;
  re.lastIndex = from;
  for (let m = re.exec(text); m && found.length < 3; m = re.exec(text)) {
    const word = m[1]!.replace(/[.]+$/, '');
    const isEmail = EMAIL.test(word);
    if (!isEmail && (!NAME_WORD.test(word) || NAME_STOP_WORDS.has(word.toLowerCase()))) break;
    found.push(word);
    ends.push(m.index + m[0].length - (m[1]!.length - word.length));
    if (isEmail) break;
  }
  return { words: found, ends };
}

/**
 * How many of `written`'s first words (at most two) read as a person's name when nobody on the team has it:
 * capitalised ('Alice', 'Zoe Park'), not an acronym ('QA', 'AWS'), a group ('Legal') or a verb ('Migrate').
 */
function personNameLength(written: readonly string[]): number {
  let n = 0;
  while (n < Math.min(written.length, 2)) {
    const word = written[n]!;
    const lower = word.toLowerCase();
    const looksLikeName = /^\p{Lu}[\p{Ll}\p{M}'’-]/u.test(word) && !NOT_PEOPLE.has(lower) && !TASK_VERBS.has(lower);
    if (!looksLikeName) break;
    n++;
  }
  return n;
}

export interface PromptAssignee {
  /** The name as written ('Alice'); a member's full name when matched. */
  assignedTo: string;
  assigneeId: string | null;
  warning: AiParseWarning | null;
}

/**
 * How a trigger treats a name nobody on the team has. 'any': always a person ('assign to bob', '@carol').
 * 'name': only if it reads as a person's name (capitalised, not a group, acronym or verb). 'never': members only.
 */
type Strangers = 'any' | 'name' | 'never';
interface Trigger {
  re: RegExp;
  strangers: Strangers;
  /** What must follow the name for the trigger to count: its group `verb` is the verb that follows. */
  tail?: RegExp;
  /** The part of the tail that goes out of the text with the name ('to', 'should', ':'). */
  swallow?: RegExp;
}

const TRIGGERS: Trigger[] = [
  { re: /\b(?:assign(?:ed)?(?:\s+(?:it|this))?(?:\s+to)?|assignee\s*:?|owner\s*:?|(?:give|hand|delegate)(?:\s+(?:it|this))?\s+to)\s+@?/giu, strangers: 'any' },
  { re: /(?:^|\s)@(?=[\p{L}\p{N}])/gu, strangers: 'any' },
  // 'Alice to write the notes', 'Bob should review the PR', 'Bob, please review it', 'Maria: send the invoice':
  // a name opening a clause, then what to do. 'Migrate to Postgres' opens a clause with 'to' too: a verb is
  // never a stranger's name.
  {
    // Not after 'Tom and': 'Tom and Alice to plan …' names two people, and the name keeps them.
    re: /(?<=^\s*|[,;:.!?(]\s*|\s[-–—]\s*|(?<!\p{Lu}\p{L}*\s+)\b(?:and|then)\s+)(?=\p{L})/gu,
    strangers: 'name',
    tail: new RegExp(String.raw`^\s*(?::\s*(?<label>\p{L}+)|(?:\s+${MODAL}|,\s*please)\s+(?<verb>\p{L}+))`, 'iu'),
    swallow: new RegExp(String.raw`^\s*(?::|\s+${MODAL}\b|,\s*please\b)`, 'iu'),
  },
  { re: /\b(?:remind|ask|tell|have|get)\s+/giu, strangers: 'name', tail: /^\s+to\s+(?<verb>\p{L}+)/iu },
  // 'Write the release notes for Bob' assigns a member. Anyone else after 'for' is who the task is for (a
  // client, a product: 'Build a demo for Acme', 'Write tests for Postgres') and stays in the name.
  { re: /\bfor\s+/giu, strangers: 'never' },
  // 'Design review with Sam': the person it is done with.
  { re: /\bwith\s+/giu, strangers: 'name' },
];

function blank(text: string, from: number, to: number): string {
  return `${text.slice(0, from)} ${text.slice(to)}`;
}

const notAMember = (name: string): AiParseWarning => ({
  code: 'unresolved_assignee',
  name,
  message: `${name} is not a member of this team`,
});
const ambiguous = (name: string, among: PromptMember[]): AiParseWarning => ({
  code: 'ambiguous_assignee',
  name,
  message: `${name} could be ${among.map(memberFullName).join(' or ')}: choose who in the preview`,
});

/**
 * [ai-assignee] Finds the person the prompt names and blanks that phrase out of `text`. Someone who is not a
 * member is still taken out of the name and comes back with a warning ('Alice is not a member of this team'),
 * so the person can see it and choose; a first name two members share is a warning too.
 */
export function takeAssignee(
  text: string,
  members: readonly PromptMember[],
  currentUserId?: string,
): { text: string; assignee: PromptAssignee | null } {
  const self = members.find((m) => m.id === currentUserId);
  for (const { re, strangers, tail, swallow } of TRIGGERS) {
    for (const m of text.matchAll(re)) {
      const from = m.index + m[0].length;
      const { words: written, ends } = nameWords(text, from);
      const start = m.index + (m[0].length - m[0].trimStart().length);
      const cut = (nameEnd: number) => blank(text, start, nameEnd + (swallow?.exec(text.slice(nameEnd))?.[0].length ?? 0));
      if (!written.length) {
        // 'Me to …' and 'remind me to …' stop at the stop word 'me'.
        const me = /^\s*(?:me|myself)\b/iu.exec(text.slice(from));
        if (!me || !self || (tail && !tail.test(text.slice(from + me[0].length)))) continue;
        const name = memberFullName(self);
        return { text: cut(from + me[0].length), assignee: { assignedTo: name, assigneeId: self.id, warning: null } };
      }
      let taken = 0;
      let member: PromptMember | null = null;
      let among: PromptMember[] | null = null;
      for (let n = written.length; n >= 1 && !member; n--) {
        const match = matchMember(written.slice(0, n).join(' '), members);
        if (match.kind === 'found') [member, taken] = [match.member, n];
        else if (match.kind === 'ambiguous' && !among) [among, taken] = [match.members, n];
      }
      if (!member && !among) {
        if (strangers === 'never') continue;
        // 'the assigned budget' names nobody: any word is a name only after 'assign to', 'owner:' or '@'.
        const anyWord = strangers === 'any' && /(?:\bto\s+@?|:\s*@?|@)$/iu.test(m[0]);
        taken = anyWord && !/^\p{Lu}/u.test(written[0]!) ? 1 : personNameLength(written);
        if (anyWord) taken ||= 1;
        if (!taken) continue;
      }
      const nameEnd = ends[taken - 1]!;
      const after = text.slice(nameEnd);
      const tailMatch = tail?.exec(after);
      if (tail && !tailMatch) continue;
      if (!member && !among) {
        // A stranger needs a verb after 'Alice to' / 'Alice should', and 'Alice:' is a label ('Note: …').
        // 'Alice to draft the sitemap', not 'Road to launch': a task verb, and something after it.
        const verb = tailMatch?.groups?.verb;
        const rest = tailMatch ? after.slice(tailMatch[0].length) : '';
        if (tailMatch && (!verb || !TASK_VERBS.has(verb.toLowerCase()) || !/^\s+[\p{L}\p{N}]/u.test(rest))) continue;
      }
      const writtenName = written.slice(0, taken).join(' ');
      const assignee: PromptAssignee = member
        ? { assignedTo: memberFullName(member), assigneeId: member.id, warning: null }
        : { assignedTo: writtenName, assigneeId: null, warning: among ? ambiguous(writtenName, among) : notAMember(writtenName) };
      // 'remind Maria to send …' keeps 'to send …': the dangling 'to' goes when the name is tidied.
      return { text: cut(nameEnd), assignee };
    }
  }
  return { text, assignee: null };
}

/**
 * [ai-assignee] The assignee for a name given on its own (the language model's reading): 'me' is the asker,
 * a member is matched as above, anyone else comes back with the same warnings as the offline reading.
 */
export function resolveNamedAssignee(written: string | null, members: readonly PromptMember[], currentUserId?: string): PromptAssignee | null {
  const name = written?.trim();
  if (!name) return null;
  if (/^(?:me|myself)$/iu.test(name)) {
    const self = members.find((m) => m.id === currentUserId);
    return self ? { assignedTo: memberFullName(self), assigneeId: self.id, warning: null } : null;
  }
  const match = matchMember(name, members);
  if (match.kind === 'found') return { assignedTo: memberFullName(match.member), assigneeId: match.member.id, warning: null };
  return { assignedTo: name, assigneeId: null, warning: match.kind === 'ambiguous' ? ambiguous(name, match.members) : notAMember(name) };
}
