import { afterEach, describe, expect, it } from 'vitest';
import { AI_DEFAULT_SPAN_DAYS, matchMember, parseTaskPrompt, type ParsedTaskPrompt, type PromptMember } from './ai-parse.js';

// A Wednesday.
const today = '2026-11-18';
const maria: PromptMember = { id: 'u-maria', firstName: 'Maria', lastName: 'López', email: 'maria@example.com' };
const jose: PromptMember = { id: 'u-jose', firstName: 'José', lastName: 'García', email: 'jose.garcia@example.com' };
const ann: PromptMember = { id: 'u-ann', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
const samSmith: PromptMember = { id: 'u-sam-s', firstName: 'Sam', lastName: 'Smith', email: 'sam.smith@example.com' };
const samJones: PromptMember = { id: 'u-sam-j', firstName: 'Sam', lastName: 'Jones', email: 'sj@example.com' };
const members = [maria, jose, ann, samSmith, samJones];

const parse = (prompt: string, day = today) => parseTaskPrompt(prompt, { today: day, members, currentUserId: ann.id });

const noDate = { startDate: today, endDate: '2026-11-25' };
const unassigned = { assignedTo: null, assigneeId: null };

const cases: [rule: string, prompt: string, expected: Partial<ParsedTaskPrompt>][] = [
  // dates
  ['ai-dates', 'Finish the report next Friday', { name: 'Finish the report', startDate: '2026-11-27', endDate: '2026-11-27' }],
  ['ai-dates', 'Ship the release in 2 weeks', { name: 'Ship the release', startDate: today, endDate: '2026-12-02' }],
  ['ai-dates', 'Workshop from Monday to Wednesday', { name: 'Workshop', startDate: '2026-11-23', endDate: '2026-11-25' }],
  ['ai-dates', 'Draft the budget by Dec 3', { name: 'Draft the budget', startDate: today, endDate: '2026-12-03' }],
  ['ai-dates', 'Call the supplier tomorrow', { name: 'Call the supplier', startDate: '2026-11-19', endDate: '2026-11-19' }],
  ['ai-dates', 'Pay the invoice on the 5th', { name: 'Pay the invoice', startDate: '2026-12-05', endDate: '2026-12-05' }],
  ['ai-dates', 'Pay rent on the 25th', { name: 'Pay rent', startDate: '2026-11-25', endDate: '2026-11-25' }],
  ['ai-dates', 'Due Dec 24: wrap the presents', { name: 'Wrap the presents', startDate: today, endDate: '2026-12-24' }],
  ['ai-dates', 'Fix the build within 3 days', { name: 'Fix the build', startDate: today, endDate: '2026-11-21' }],
  ['ai-dates', 'Launch Dec 1 - Dec 5', { name: 'Launch', startDate: '2026-12-01', endDate: '2026-12-05' }],
  ['ai-dates', 'Submit expenses by end of month', { name: 'Submit expenses', startDate: today, endDate: '2026-11-30' }],
  ['ai-dates', 'Order supplies on 2026-12-24', { name: 'Order supplies', startDate: '2026-12-24', endDate: '2026-12-24' }],
  ['ai-dates', 'Team lunch Friday at noon', { name: 'Team lunch', startDate: '2026-11-20', endDate: '2026-11-20' }],
  ['ai-dates', 'Kick off the audit starting Monday for 2 weeks', { name: 'Kick off the audit', startDate: '2026-11-23', endDate: '2026-12-06' }],
  ['ai-dates', 'Starting Dec 1, write the annual report', { name: 'Write the annual report', startDate: '2026-12-01', endDate: '2026-12-08' }],
  ['ai-dates', 'Translate the manual from Dec 1 until Dec 10', { name: 'Translate the manual', startDate: '2026-12-01', endDate: '2026-12-10' }],
  ['ai-dates', 'Get the review done by Friday', { name: 'Get the review done', status: 'pending', startDate: today, endDate: '2026-11-20' }],
  ['ai-defaults', 'Write tests', { name: 'Write tests', ...noDate, priority: 'medium', status: 'pending', description: null, ...unassigned }],
  // priority
  ['ai-priority', 'Urgent: fix the login bug', { name: 'Fix the login bug', priority: 'critical', ...noDate }],
  ['ai-priority', 'Fix the login bug asap', { name: 'Fix the login bug', priority: 'critical' }],
  ['ai-priority', 'Critical: restore the backups', { name: 'Restore the backups', priority: 'critical' }],
  ['ai-priority', 'Update the docs, high priority', { name: 'Update the docs', priority: 'high' }],
  ['ai-priority', 'Important: renew the domain', { name: 'Renew the domain', priority: 'high' }],
  ['ai-priority', 'Clean up old branches whenever', { name: 'Clean up old branches', priority: 'low' }],
  ['ai-priority', 'Low priority: tidy the wiki', { name: 'Tidy the wiki', priority: 'low' }],
  ['ai-priority', 'Not urgent - archive old tickets', { name: 'Archive old tickets', priority: 'low' }],
  ['ai-priority', 'Fix high CPU usage', { name: 'Fix high CPU usage', priority: 'medium' }],
  ['ai-priority', 'Priority: medium, rotate the keys', { name: 'Rotate the keys', priority: 'medium' }],
  // status
  ['ai-status', 'Deploy the API, blocked by infra', { name: 'Deploy the API', status: 'blocked', description: 'Blocked by infra' }],
  ['ai-status', 'Migration is blocked', { name: 'Migration', status: 'blocked' }],
  ['ai-status', 'Redesign the homepage (in progress)', { name: 'Redesign the homepage', status: 'in_progress' }],
  ['ai-status', 'Onboarding flow already started', { name: 'Onboarding flow', status: 'in_progress' }],
  ['ai-status', 'Write the changelog - done', { name: 'Write the changelog', status: 'completed' }],
  ['ai-status', 'Security review, completed', { name: 'Security review', status: 'completed' }],
  ['ai-status', 'Mark as done: send the newsletter', { name: 'Send the newsletter', status: 'completed' }],
  // assignee
  ['ai-assignee', 'Assign to Maria: review the budget', { name: 'Review the budget', assignedTo: 'Maria López', assigneeId: maria.id }],
  ['ai-assignee', '@maria prepare the demo tomorrow', { name: 'Prepare the demo', assigneeId: maria.id, startDate: '2026-11-19' }],
  ['ai-assignee', 'Prepare slides for Maria Lopez', { name: 'Prepare slides', assignedTo: 'Maria López', assigneeId: maria.id }],
  ['ai-assignee', 'Book the venue, assign to jose', { name: 'Book the venue', assignedTo: 'José García', assigneeId: jose.id }],
  ['ai-assignee', 'Review the contract for JOSÉ GARCÍA', { name: 'Review the contract', assigneeId: jose.id }],
  ['ai-assignee', 'Send invoices, assign to jose.garcia@example.com', { name: 'Send invoices', assigneeId: jose.id }],
  ['ai-assignee', '@jose.garcia check the logs', { name: 'Check the logs', assigneeId: jose.id }],
  ['ai-assignee', 'Plan the offsite, assign to Zed', { name: 'Plan the offsite', assignedTo: 'Zed', assigneeId: null }],
  ['ai-assignee', 'Assign to Peter Parker: update the photos', { name: 'Update the photos', assignedTo: 'Peter Parker', assigneeId: null }],
  ['ai-assignee', 'Prepare slides for Marketing', { name: 'Prepare slides for Marketing', ...unassigned }],
  ['ai-assignee', 'Review the assigned budget', { name: 'Review the assigned budget', ...unassigned }],
  ['ai-assignee', 'Plan the launch, assign to bob', { name: 'Plan the launch', assignedTo: 'bob', assigneeId: null }],
  ['ai-assignee', 'Remind me to renew the passport', { name: 'Renew the passport', assigneeId: ann.id }],
  ['ai-assignee', 'Assign to Sam: file the taxes', { name: 'File the taxes', assignedTo: 'Sam', assigneeId: null }],
  ['ai-assignee', 'Assign to Sam Jones: file the taxes', { name: 'File the taxes', assigneeId: samJones.id }],
  ['ai-assignee', 'Remind Maria to send the invoice', { name: 'Send the invoice', assigneeId: maria.id }],
  ['ai-assignee', 'Assign to me: update my profile', { name: 'Update my profile', assigneeId: ann.id, assignedTo: 'Ann Lee' }],
  // everything at once, and the name
  [
    'ai-parse',
    'Urgent!! Call the bank tomorrow, assign to Ann, in progress',
    { name: 'Call the bank', priority: 'critical', status: 'in_progress', assigneeId: ann.id, startDate: '2026-11-19', endDate: '2026-11-19' },
  ],
  ['ai-parse', 'Please can you draft the press release by next Monday', { name: 'Draft the press release', endDate: '2026-11-23' }],
  ['ai-parse', 'Create a task to order new laptops', { name: 'Order new laptops' }],
  ['ai-parse', 'todo: buy milk', { name: 'Buy milk' }],
  ['ai-parse', '   lowercase start   ', { name: 'Lowercase start' }],
  ['ai-parse', 'Überprüfung der Verträge by Dec 3', { name: 'Überprüfung der Verträge', endDate: '2026-12-03' }],
  [
    'ai-parse',
    'Write release notes. Include the API changes and the migration guide.',
    { name: 'Write release notes', description: 'Include the API changes and the migration guide.' },
  ],
  ['ai-parse', 'tomorrow, urgent', { name: '', priority: 'critical', startDate: '2026-11-19' }],
];

describe('parseTaskPrompt', () => {
  it.each(cases)('[%s] %j', (_rule, prompt, expected) => {
    const parsed = parse(prompt);
    expect(parsed).toMatchObject(expected);
    expect(parsed.endDate >= parsed.startDate).toBe(true);
  });

  it('[ai-parse] has at least 40 phrasings in its table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it('[ai-defaults] a prompt without dates spans today to today + 7', () => {
    expect(AI_DEFAULT_SPAN_DAYS).toBe(7);
    expect(parse('Write tests', '2026-12-28')).toMatchObject({ startDate: '2026-12-28', endDate: '2027-01-04' });
  });

  it('[ai-parse] a name is at most 255 characters', () => {
    const parsed = parse(`Write ${'very '.repeat(100)}long notes`);
    expect(parsed.name.length).toBeLessThanOrEqual(255);
    expect(parsed.name.startsWith('Write very')).toBe(true);
  });

  it('[ai-parse] is pure: the same prompt gives the same answer and the members list is not touched', () => {
    const frozen = Object.freeze(members.map((m) => Object.freeze({ ...m })));
    const a = parseTaskPrompt('Assign to Maria: ship it next Friday, urgent', { today, members: frozen });
    const b = parseTaskPrompt('Assign to Maria: ship it next Friday, urgent', { today, members: frozen });
    expect(a).toEqual(b);
  });
});

describe('time zones', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(['Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata'])('[ai-dates] the same dates under TZ=%s', (zone) => {
    const prompts = ['Call the supplier tomorrow', 'Finish the report next Friday', 'Pay rent on the 25th', 'Launch Dec 1 - Dec 5'];
    const utc = prompts.map((p) => parse(p));
    process.env.TZ = zone;
    expect(prompts.map((p) => parse(p))).toEqual(utc);
  });
});

describe('matchMember', () => {
  it('[ai-assignee] matches first name, full name or e-mail, ignoring case and accents; shared first names are ambiguous', () => {
    expect(matchMember('jose', members)).toEqual({ kind: 'found', member: jose });
    expect(matchMember('Jose Garcia', members)).toEqual({ kind: 'found', member: jose });
    expect(matchMember('MARIA@EXAMPLE.COM', members)).toEqual({ kind: 'found', member: maria });
    expect(matchMember('@maria.lopez', members)).toEqual({ kind: 'found', member: maria });
    expect(matchMember('sam', members)).toEqual({ kind: 'ambiguous' });
    expect(matchMember('Zed', members)).toEqual({ kind: 'none' });
  });
});
