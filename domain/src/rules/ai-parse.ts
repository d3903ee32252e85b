import { casual, type ParsedResult } from 'chrono-node/en';
import { TASK_NAME_MAX_LENGTH } from '../constants.js';
import type { AiParseWarning } from '../schemas/ai.js';
import type { TaskPriority, TaskStatus } from '../schemas/enums.js';
import { takeAssignee, type PromptMember } from './ai-members.js';

export * from './ai-members.js';

/** [ai-defaults] A prompt without dates starts today and ends this many days later; so does one with only a start. */
export const AI_DEFAULT_SPAN_DAYS = 7;

export interface ParseTaskOptions {
  /** The user's calendar date, 'yyyy-MM-dd': every relative date ('tomorrow', 'next Friday') counts from it. */
  today: string;
  /** Members of the project's team and guests of the project: the people a name may point at. */
  members: readonly PromptMember[];
  /** Who is asking, so 'assign to me' means them. */
  currentUserId?: string;
}

export interface ParsedTaskPrompt {
  name: string;
  description: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  startDate: string;
  endDate: string;
  /** The person the prompt named: the member's full name when matched, else as written; null when nobody. */
  assignedTo: string | null;
  /** The matched member, or null (nobody named, not a member, or a first name two members share). */
  assigneeId: string | null;
  /** What was read but could not be used: a person who is not a member, a first name two members share. */
  warnings: AiParseWarning[];
}

// ---- calendar dates, in UTC so no local time zone ever shifts a day -------------------------------------
const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
function ymd(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}
function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = ymd(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return isoDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

// ---- phrases -------------------------------------------------------------------------------------------
/** Stands in for a recognised date inside the text, so later rules still see that something was there. */
const DATE_MARK = '\uE000';
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** A word standing as its own clause: ', low', 'Low: …', '(high)', '- done'. */
const SEP = String.raw`(?:^|[,;:(\[–—-]\s*)`;
const END = String.raw`\s*[)\]]?\s*[.!]?\s*(?=$|[,;\n])`;
const LABEL_END = String.raw`\s*[)\]]?\s*[.!]?\s*(?=$|[,;:\n])`;

/**
 * [ai-priority] Longest first: 'not urgent' is low before 'urgent' is critical. The first rule that matches
 * decides. 'low' and 'high' alone count only as a clause of their own ('…, low', 'High: …'), so 'Fix high CPU
 * usage' keeps its priority and its name.
 */
const PRIORITY_RULES: [TaskPriority, RegExp][] = [
  ['low', new RegExp(String.raw`\b(?:not urgent|no rush|whenever(?: possible| you can)?|when(?:ever)? you have time|someday|low(?:[\s-]+(?:priority|prio|importance))|(?:priority|prio)\s*:?\s*low)\b|${SEP}low${LABEL_END}`, 'giu')],
  ['critical', /\b(?:urgent(?:ly)?|critical|asap|a\.s\.a\.p\.?|as soon as possible|immediately|top priority|highest priority)\b(?:[\s-]+(?:priority|prio))?|\b(?:priority|prio)\s*:?\s*(?:urgent|critical)\b/giu],
  ['high', new RegExp(String.raw`\b(?:important|high(?:[\s-]+(?:priority|prio|importance)))\b|\b(?:priority|prio)\s*:?\s*high\b|${SEP}high${LABEL_END}`, 'giu')],
  ['medium', /\b(?:medium|normal)[\s-]+(?:priority|prio)\b|\b(?:priority|prio)\s*:?\s*(?:medium|normal)\b/giu],
];

const STATUS_RULES: [TaskStatus, RegExp][] = [
  ['blocked', /\b(?:(?:it'?s|is|currently|status\s*:?)\s+)?blocked\b/giu],
  ['in_progress', new RegExp(String.raw`\b(?:(?:it'?s|is|currently|status\s*:?)\s+)?(?:in[\s-]progress|underway|ongoing|already started)\b|\bstatus\s*:?\s*started\b|${SEP}started${END}`, 'giu')],
  ['completed', new RegExp(String.raw`\b(?:already|status\s*:?|mark(?:ed)?\s+(?:it\s+)?as|it'?s|is|was)\s+(?:done|completed?|finished)\b|${SEP}(?:done|completed|finished)${END}`, 'giu')],
  ['pending', /\bstatus\s*:?\s*(?:pending|to ?do|not started)\b/giu],
];

const DEADLINE_WORDS = /(?:^|\s)(?:due(?:\s+(?:by|on|date:?))?|by|before|until|till|deadline:?|no later than|ends?(?:\s+on)?|ending(?:\s+on)?)\s+(?:the\s+)?$/iu;
const START_WORDS = /(?:^|\s)(?:from|starting(?:\s+on)?|starts?(?:\s+on)?|beginning(?:\s+on)?|begins?(?:\s+on)?|kick(?:ing)?\s*off(?:\s+on)?)\s+(?:the\s+)?$/iu;
const NEUTRAL_WORDS = /(?:^|\s)(?:on|at|for)\s+(?:the\s+)?$/iu;

const FILLERS = [
  /^(?:please|pls|kindly)\b/iu,
  /^(?:can|could|would|will)\s+(?:you|someone|somebody)\s+(?:please\s+)?/iu,
  /^(?:i|we)\s+(?:need|have|want|must|should)\s+to\b/iu,
  /^(?:remind\s+me\s+to|don'?t\s+forget\s+to|make\s+sure\s+to|remember\s+to)\b/iu,
  /^(?:create|add|make|new|open)(?:\s+(?:a|an))?(?:\s+new)?\s+(?:task|todo|to-do|ticket|item)\b(?:\s+(?:to|for|called|named|titled))?\s*:?/iu,
  /^(?:task|todo|to-do)\s*:/iu,
];
const DANGLING_END = /(?:[\s,;:–—-]+|\b(?:by|on|for|to|and|with|due|from|at|in|starting|until|till|before|the|of|assign(?:ed)?(?:\s+to)?|is|it'?s|status)\s*)$/iu;
const DANGLING_START = /^(?:[\s,;:.!?–—-]+|(?:and|then|to|also)\b\s*)/iu;

// ---- the parser ------------------------------------------------------------------------------------------
function blank(text: string, from: number, to: number, mark = ' '): string {
  return `${text.slice(0, from)}${mark}${text.slice(to)}`;
}

const COUNT = String.raw`(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)`;
const UNIT = String.raw`(?:working\s+|business\s+|work\s+)?(days?|weeks?|months?)`;
/**
 * [ai-duration] How long, when the prompt says so: 'takes 2 weeks', 'will take three days', 'lasts a week',
 * 'for 3 days', 'over 2 weeks', 'a 2-day workshop', '3 week project'. Counted in calendar days (a week is 7, a
 * month 30): the working calendar is applied by the schedule, not here.
 */
const DURATION = new RegExp(
  [
    String.raw`\b(?:it\s+)?(?:takes?|taking|(?:will|should|would|might)\s+take|lasts?|lasting|(?:will|should)\s+last|for|over|duration\s*:?)\s+(?:about\s+|around\s+|roughly\s+)?(?:a\s+total\s+of\s+)?${COUNT}\s+${UNIT}\b`,
    String.raw`\b(?:an?\s+)?${COUNT}[\s-]${UNIT.replace('(days?|weeks?|months?)', '(day|week|month)')}(?:[\s-]long)?\b(?=\s+\p{L})`,
  ].join('|'),
  'iu',
);

function takeDuration(text: string): { text: string; days: number | null } {
  const m = DURATION.exec(text);
  if (!m) return { text, days: null };
  const [word, unitWord] = m[1] !== undefined ? [m[1], m[2]!] : [m[3]!, m[4]!];
  const count = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()]!;
  const unit = unitWord.toLowerCase().startsWith('week') ? 7 : unitWord.toLowerCase().startsWith('month') ? 30 : 1;
  return { text: blank(text, m.index, m.index + m[0].length), days: Math.max(1, count * unit) };
}

/** chrono-node, plus 'on the 5th' (the next 5th from today), which chrono's English parsers leave alone. */
function dateParser(today: string) {
  const chrono = casual.clone();
  chrono.parsers.push({
    pattern: () => /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?\p{L})/iu,
    extract: (_context, match) => {
      const day = Number(match[1]);
      if (day < 1 || day > 31) return null;
      let [y, m, d] = ymd(today);
      if (day < d) [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
      while (daysInMonth(y, m) < day) [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
      return { day, month: m, year: y };
    },
  });
  return chrono;
}

type DateKind = 'start' | 'deadline' | 'neutral';
const componentsDate = (c: ParsedResult['start']) => isoDate(c.get('year')!, c.get('month')!, c.get('day')!);

function takeDates(text: string, today: string) {
  const [y, m, d] = ymd(today);
  // Local noon of the given day, in the process's own zone: chrono does part of its weekday arithmetic in local
  // time, so a UTC reference is already tomorrow east of UTC (Pacific/Auckland turned "Monday to Wednesday" into
  // Monday to Thursday). At local noon every step agrees on the calendar day; no zone changes its clocks at noon.
  // Only the parsed year/month/day components are read back, never an instant.
  const reference = { instant: new Date(y, m - 1, d, 12) };
  const results = dateParser(today).parse(text, reference, { forwardDate: true });
  const found: { kind: DateKind; start: string; end: string | null }[] = [];
  let out = text;
  for (const r of [...results].sort((a, b) => b.index - a.index)) {
    const before = out.slice(0, r.index);
    let kind: DateKind = 'neutral';
    let connector = DEADLINE_WORDS.exec(before);
    if (connector) kind = 'deadline';
    else if ((connector = START_WORDS.exec(before))) kind = 'start';
    else connector = NEUTRAL_WORDS.exec(before);
    // 'in 2 weeks', 'within 3 days', 'end of month': when it has to be done by.
    if (/^(?:in|within)\s/iu.test(r.text) || /^end of\b/iu.test(r.text)) kind = 'deadline';
    const from = connector ? connector.index + (/^\s/u.test(connector[0]) ? 1 : 0) : r.index;
    out = blank(out, from, r.index + r.text.length, ` ${DATE_MARK} `);
    found.unshift({ kind, start: componentsDate(r.start), end: r.end ? componentsDate(r.end) : null });
  }
  return { text: out, found };
}

function decideDates(found: ReturnType<typeof takeDates>['found'], today: string, duration: number | null): [string, string] {
  const span = (start: string) => addCalendarDays(start, duration ? duration - 1 : AI_DEFAULT_SPAN_DAYS);
  const range = found.find((f) => f.end);
  const starts = found.filter((f) => f.kind === 'start').map((f) => f.start);
  const deadlines = found.filter((f) => f.kind === 'deadline').map((f) => f.start);
  const neutral = found.filter((f) => f.kind === 'neutral' && !f.end).map((f) => f.start).sort();
  let start: string;
  let end: string;
  if (range) [start, end] = [range.start, range.end!];
  else if (starts.length && deadlines.length) [start, end] = [starts[0]!, deadlines[0]!];
  else if (deadlines.length) {
    end = deadlines[0]!;
    // 'by Friday, takes 3 days': the three days that end on Friday, not before today.
    const earliest = duration ? addCalendarDays(end, 1 - duration) : today;
    start = neutral[0] && neutral[0] <= end ? neutral[0] : [[earliest, today].sort()[1]!, end].sort()[0]!;
  } else if (starts.length) [start, end] = [starts[0]!, neutral.at(-1) ?? span(starts[0]!)];
  else if (neutral.length > 1) [start, end] = [neutral[0]!, neutral.at(-1)!];
  else if (neutral.length === 1) [start, end] = [neutral[0]!, duration ? span(neutral[0]!) : neutral[0]!];
  else [start, end] = [today, span(today)];
  return end < start ? [start, start] : [start, end];
}

function takeRule<T>(text: string, rules: [T, RegExp][], fallback: T): { text: string; value: T } {
  let value: T | null = null;
  let out = text;
  for (const [candidate, re] of rules) {
    if (re.test(out)) value ??= candidate;
    re.lastIndex = 0;
    // The separator before the word stays ('A, low, by Friday'); an opening bracket goes with its closing one.
    out = out.replace(re, (hit) => (/^[,;:–—-]/u.test(hit) ? hit[0]! : ' '));
  }
  return { text: out, value: value ?? fallback };
}

/** 'blocked by legal' keeps its reason: the name loses it, the description gets it. */
function takeBlockedReason(text: string): { text: string; reason: string | null } {
  const m = /\bblocked\s+(?:by|on)\s+([^,.;!?\n\uE000]+)/iu.exec(text);
  if (!m) return { text, reason: null };
  return { text: blank(text, m.index, m.index + m[0].length), reason: `Blocked by ${m[1]!.trim()}` };
}

function tidy(text: string): string {
  let out = text.replace(new RegExp(`\\s*${DATE_MARK}\\s*`, 'gu'), ' ').replace(/\bplease\b|\bpls\b/giu, ' ');
  out = out.replace(/[ \t]+/g, ' ').replace(/\s+([,;:.!?)\]])/g, '$1').replace(/([(\[])\s+/g, '$1').replace(/\(\s*\)|\[\s*\]/g, ' ');
  for (let changed = true; changed; ) {
    const before = out;
    out = out.trim().replace(DANGLING_END, '').replace(DANGLING_START, '');
    for (const filler of FILLERS) out = out.replace(filler, '').trim();
    out = out.replace(/[ \t]{2,}/g, ' ').replace(/,\s*,/g, ',');
    changed = out !== before;
  }
  return out;
}

function firstSentence(text: string): [string, string | null] {
  const m = /\n|[.!?;](?:\s|$)/u.exec(text);
  if (!m) return [text, null];
  const rest = text.slice(m.index + m[0].length).trim();
  return [text.slice(0, m.index), rest || null];
}

function shorten(name: string): string {
  if (name.length <= TASK_NAME_MAX_LENGTH) return name;
  const cut = name.slice(0, TASK_NAME_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > TASK_NAME_MAX_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

/** [ai-nothing-to-do] A prompt that says only when or for whom. */
export const AI_NOTHING_TO_DO = 'Please describe the task: what needs doing, not only when or for whom';
/** [ai-not-a-task] A prompt with no recognisable task in it ('asdf'): ask again rather than create 'Asdf'. */
export const AI_NOT_A_TASK =
  "We couldn't find a task in that. Please rephrase it as something to do, like 'Write the release notes by Friday'.";

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const KEYBOARD_RUNS = [...KEYBOARD_ROWS, ...KEYBOARD_ROWS.map((row) => [...row].reverse().join(''))];

/**
 * A Latin word no one means: a run along a keyboard row ('asdf', 'lkjh'), one letter or a short chunk repeated
 * ('aaaa', 'asdasd'), or no vowel at all ('sdfgh'). Short words and other scripts are given the benefit of the
 * doubt: this rule only has to catch keyboard mashing, not judge language.
 */
function isMashedWord(word: string): boolean {
  const w = word.toLowerCase();
  if (w.length < 3 || !/^[a-z]+$/.test(w)) return false;
  if (/^(.{1,3})\1+$/.test(w)) return true;
  if (!/[aeiouy]/.test(w)) return true;
  return KEYBOARD_RUNS.some((run) => run.includes(w));
}

/**
 * [ai-not-a-task] Why a parsed name cannot become a task, or null when it can: nothing left once dates, people
 * and priority are taken out, or nothing but keyboard mashing, digits and symbols.
 */
export function taskNameProblem(name: string): string | null {
  if (!name.trim()) return AI_NOTHING_TO_DO;
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const meaningful = words.filter((w) => /\p{L}/u.test(w) && w.length > 1 && !isMashedWord(w));
  return meaningful.length === 0 ? AI_NOT_A_TASK : null;
}

/**
 * [ai-parse] Turns a plain-language request into task fields without any network: dates by chrono-node
 * (relative to `today`), priority and status by keywords, the assignee by matching the project's people, and
 * what remains becomes the name (first sentence) and description (the rest). Pure: same input, same output.
 */
export function parseTaskPrompt(prompt: string, options: ParseTaskOptions): ParsedTaskPrompt {
  let text = prompt.replace(/\r\n?/g, '\n').replace(/[\t\f\v]/g, ' ').trim();
  const assignee = takeAssignee(text, options.members, options.currentUserId);
  text = assignee.text;
  const duration = takeDuration(text);
  const dates = takeDates(duration.text, options.today);
  text = dates.text;
  const blocked = takeBlockedReason(text);
  const status = takeRule(blocked.text, STATUS_RULES, 'pending' as TaskStatus);
  const priority = takeRule(status.text, PRIORITY_RULES, 'medium' as TaskPriority);
  const [startDate, endDate] = decideDates(dates.found, options.today, duration.days);

  const [rawName, rest] = firstSentence(tidy(priority.text));
  const name = tidy(rawName);
  const description = [rest ? tidy(rest) : '', blocked.reason ?? ''].filter(Boolean).join('\n') || null;
  return {
    name: shorten(name ? name.charAt(0).toUpperCase() + name.slice(1) : ''),
    description,
    priority: priority.value,
    status: blocked.reason ? 'blocked' : status.value,
    startDate,
    endDate,
    assignedTo: assignee.assignee?.assignedTo ?? null,
    assigneeId: assignee.assignee?.assigneeId ?? null,
    warnings: assignee.assignee?.warning ? [assignee.assignee.warning] : [],
  };
}
