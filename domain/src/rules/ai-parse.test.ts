import { afterEach, describe, expect, it } from 'vitest';
import {
  AI_DEFAULT_SPAN_DAYS,
  AI_NOT_A_TASK,
  AI_NOTHING_TO_DO,
  matchMember,
  parseTaskPrompt,
  taskNameProblem,
  type ParsedTaskPrompt,
  type PromptMember,
} from './ai-parse.js';

// A Wednesday.
const today = '2026-11-18';
const maria: PromptMember = { id: 'u-maria', firstName: 'Maria', lastName: 'López', email: 'maria@example.com' };
const jose: PromptMember = { id: 'u-jose', firstName: 'José', lastName: 'García', email: 'jose.garcia@example.com' };
const ann: PromptMember = { id: 'u-ann', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
const samSmith: PromptMember = { id: 'u-sam-s', firstName: 'Sam', lastName: 'Smith', email: 'sam.smith@example.com' };
const samJones: PromptMember = { id: 'u-sam-j', firstName: 'Sam', lastName: 'Jones', email: 'sj@example.com' };
const alice: PromptMember = { id: 'u-alice', firstName: 'Alice', lastName: 'Moore', email: 'alice@example.com' };
const members = [maria, jose, ann, samSmith, samJones, alice];

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

  // Issue 15 #7, sentences as people write them in planning tools: the person named is found and leaves the name.
  ['ai-person-to', 'Alice to write release notes by Friday', { name: 'Write release notes', assigneeId: alice.id, assignedTo: 'Alice Moore', endDate: '2026-11-20' }],
  ['ai-with', 'Design review with Sam next Tuesday', { name: 'Design review', assignedTo: 'Sam', assigneeId: null, startDate: '2026-11-24' }],
  ['ai-with', 'Design review with Zoe on Thursday', { name: 'Design review', assignedTo: 'Zoe', assigneeId: null, startDate: '2026-11-19' }],
  ['ai-person-to', 'Maria to follow up with the vendor about the invoice', { name: 'Follow up with the vendor about the invoice', assigneeId: maria.id }],
  ['ai-with', 'Sync with Legal on the contract renewal', { name: 'Sync with Legal on the contract renewal', ...unassigned }],
  ['ai-person-to', 'Ann to book flights for the offsite next week', { name: 'Book flights for the offsite', assigneeId: ann.id }],
  ['ai-person-to', 'Jose to fix the flaky login test', { name: 'Fix the flaky login test', assigneeId: jose.id, assignedTo: 'José García' }],
  ['ai-with', 'Pair with José on the migration script tomorrow', { name: 'Pair on the migration script', assigneeId: jose.id, startDate: '2026-11-19' }],
  ['ai-for', 'Set up a laptop for Ann by Monday', { name: 'Set up a laptop', assigneeId: ann.id, endDate: '2026-11-23' }],
  ['ai-with', 'Retro with the team Friday afternoon', { name: 'Retro with the team', ...unassigned, startDate: '2026-11-20' }],
  ['ai-person-to', 'QA to verify the hotfix on staging', { name: 'QA to verify the hotfix on staging', ...unassigned }],
  ['ai-person-to', 'Migrate to Postgres 16 by end of month', { name: 'Migrate to Postgres 16', ...unassigned, endDate: '2026-11-30' }],
  ['ai-person-to', 'Sam Jones to prepare the quarterly report, high priority', { name: 'Prepare the quarterly report', assigneeId: samJones.id, priority: 'high' }],
  ['ai-for', 'Get sign-off from finance on the Q4 budget', { name: 'Get sign-off from finance on the Q4 budget', ...unassigned }],
  ['ai-assignee', 'Fix typo on pricing page, assign to @maria', { name: 'Fix typo on pricing page', assigneeId: maria.id }],
  ['ai-with', 'Prep slides for the all-hands with Ann', { name: 'Prep slides for the all-hands', assigneeId: ann.id }],
  ['ai-parse', 'Can someone update the status page?', { name: 'Update the status page', ...unassigned }],
  ['ai-person-to', 'Ann to chase the overdue invoices, urgent', { name: 'Chase the overdue invoices', assigneeId: ann.id, priority: 'critical' }],
  ['ai-with', 'Follow up with Zoe Park about the contract', { name: 'Follow up about the contract', assignedTo: 'Zoe Park', assigneeId: null }],
  ['ai-with', 'Interview candidates with José next week', { name: 'Interview candidates', assigneeId: jose.id }],
  // The same person in each of the usual forms, and the forms' edges.
  ['ai-assignee', 'Assign to Alice: write the release notes', { name: 'Write the release notes', assigneeId: alice.id }],
  ['ai-assignee', '@alice write the release notes', { name: 'Write the release notes', assigneeId: alice.id }],
  ['ai-for', 'Write the release notes for Alice', { name: 'Write the release notes', assigneeId: alice.id }],
  ['ai-with', 'Write the release notes with Alice', { name: 'Write the release notes', assigneeId: alice.id }],
  ['ai-person-to', 'alice to write the release notes', { name: 'Write the release notes', assigneeId: alice.id }],
  ['ai-person-to', 'Maria López to draft the agenda', { name: 'Draft the agenda', assigneeId: maria.id }],
  ['ai-person-to', 'MARIA to draft the agenda', { name: 'Draft the agenda', assigneeId: maria.id }],
  ['ai-person-to', 'Sam to draft the agenda', { name: 'Draft the agenda', assignedTo: 'Sam', assigneeId: null }],
  ['ai-person-to', 'Zed to draft the agenda', { name: 'Zed to draft the agenda', ...unassigned }],
  ['ai-person-to', 'Maria: draft the agenda by Friday', { name: 'Draft the agenda', assigneeId: maria.id, endDate: '2026-11-20' }],
  ['ai-person-to', 'Review the doc, Alice to check the numbers', { name: 'Review the doc, check the numbers', assigneeId: alice.id }],
  ['ai-person-to', 'Maria to renew the domain asap', { name: 'Renew the domain', assigneeId: maria.id, priority: 'critical' }],
  ['ai-with', 'Lunch with Ann tomorrow', { name: 'Lunch', assigneeId: ann.id, startDate: '2026-11-19' }],
  ['ai-with', 'Call with AWS support', { name: 'Call with AWS support', ...unassigned }],
  ['ai-with', 'Plan the sprint with everyone', { name: 'Plan the sprint with everyone', ...unassigned }],
  ['ai-with', 'Coffee with Zoe', { name: 'Coffee', assignedTo: 'Zoe', assigneeId: null }],
  ['ai-with', 'Write tests with maria', { name: 'Write tests', assigneeId: maria.id }],
  ['ai-with', 'Write tests with bob', { name: 'Write tests with bob', ...unassigned }],
  ['ai-with', 'Release party with Sam Smith on Dec 4', { name: 'Release party', assigneeId: samSmith.id, startDate: '2026-12-04' }],
  ['ai-person-to', 'Ship to production on Monday', { name: 'Ship to production', ...unassigned, startDate: '2026-11-23' }],
];

describe('parseTaskPrompt', () => {
  it.each(cases)('[%s] %j', (_rule, prompt, expected) => {
    const parsed = parse(prompt);
    expect(parsed).toMatchObject(expected);
    expect(parsed.endDate >= parsed.startDate).toBe(true);
  });

  it('[ai-parse] has at least 100 phrasings in its table (40 added for issue 15)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
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

describe('taskNameProblem', () => {
  it.each([
    ['asdf', AI_NOT_A_TASK],
    ['qwerty', AI_NOT_A_TASK],
    ['asdf jkl', AI_NOT_A_TASK],
    ['aaaa', AI_NOT_A_TASK],
    ['lkjhg', AI_NOT_A_TASK],
    ['sdfsdf!!', AI_NOT_A_TASK],
    ['123', AI_NOT_A_TASK],
    ['x', AI_NOT_A_TASK],
    ['asdf tomorrow, urgent', AI_NOT_A_TASK],
    ['tomorrow, urgent', AI_NOTHING_TO_DO],
    ['assign to Maria', AI_NOTHING_TO_DO],
  ])('[ai-not-a-task] %j asks the person to rephrase', (prompt, problem) => {
    expect(taskNameProblem(parse(prompt).name)).toBe(problem);
  });

  it.each(['Fix CSS', 'Test', 'Deploy', 'Überprüfung der Verträge', '写报告', 'Write aaaa notes', 'Call mom', 'QA pass'])(
    '[ai-not-a-task] %j is a task',
    (prompt) => {
      expect(taskNameProblem(parse(prompt).name)).toBeNull();
    },
  );
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
