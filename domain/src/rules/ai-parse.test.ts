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
import type { AiParseWarning } from '../schemas/ai.js';

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
  ['ai-unresolved-assignee', 'Zed to draft the agenda', { name: 'Draft the agenda', assignedTo: 'Zed', assigneeId: null }],
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
    expect(matchMember('sam', members)).toEqual({ kind: 'ambiguous', members: [samSmith, samJones] });
    expect(matchMember('Zed', members)).toEqual({ kind: 'none' });
  });
});

// Issue 33 #8: the whole reading of each sentence (name, dates, assignee, priority and warnings), for a team
// without Alice. Anything not given is the default: today for 7 days, medium, nobody, no warning.
describe('[ai-parse] issue 33: plain sentences read whole', () => {
  const bob: PromptMember = { id: 'u-bob', firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com' };
  const carol: PromptMember = { id: 'u-carol', firstName: 'Carol', lastName: 'King', email: 'carol@example.com' };
  const dana: PromptMember = { id: 'u-dana', firstName: 'Dana', lastName: 'Ruiz', email: 'dana@example.com' };
  const team = [bob, carol, dana, samSmith, samJones];
  const notMember = (name: string): AiParseWarning[] => [{ code: 'unresolved_assignee', name, message: `${name} is not a member of this team` }];
  const to = (member: PromptMember) => ({ assignedTo: `${member.firstName} ${member.lastName}`, assigneeId: member.id });
  const stranger = (name: string) => ({ assignedTo: name, assigneeId: null, warnings: notMember(name) });

  type Reading = Pick<ParsedTaskPrompt, 'name' | 'startDate' | 'endDate' | 'assignedTo' | 'assigneeId' | 'priority' | 'warnings'>;
  const defaults: Omit<Reading, 'name'> = { ...noDate, assignedTo: null, assigneeId: null, priority: 'medium', warnings: [] };
  // Today is Wednesday 18 November 2026: 'Friday' is the 20th, 'next Friday' the 27th, 'Monday' the 23rd.
  const sentences: [prompt: string, reading: Partial<Reading> & { name: string }][] = [
    ['Alice to draft the sitemap by next Friday', { name: 'Draft the sitemap', endDate: '2026-11-27', ...stranger('Alice') }],
    ['Build the email templates, starts Monday Dec 14, takes 2 weeks', { name: 'Build the email templates', startDate: '2026-12-14', endDate: '2026-12-27' }],
    ['Bob to review the pricing page by Friday', { name: 'Review the pricing page', endDate: '2026-11-20', ...to(bob) }],
    ['Write the launch post for Bob', { name: 'Write the launch post', ...to(bob) }],
    ['Write the launch post for Alice', { name: 'Write the launch post for Alice' }],
    ['Build a demo for Acme', { name: 'Build a demo for Acme' }],
    ['Road to launch', { name: 'Road to launch' }],
    ['Alice to review', { name: 'Alice to review' }],
    ['Tom and Alice to plan the party', { name: 'Tom and Alice to plan the party' }],
    ['Bob, please draft the sitemap', { name: 'Draft the sitemap', ...to(bob) }],
    ['Urgent - Alice to fix the checkout', { name: 'Fix the checkout', priority: 'critical', ...stranger('Alice') }],
    ['Draft the sitemap, owner: Alice', { name: 'Draft the sitemap', ...stranger('Alice') }],
    ['Fix the export bug, assign to @carol', { name: 'Fix the export bug', ...to(carol) }],
    ['Assign to @zoe: fix the export bug', { name: 'Fix the export bug', ...stranger('zoe') }],
    ['Bob should update the FAQ', { name: 'Update the FAQ', ...to(bob) }],
    ['Alice should update the FAQ tomorrow', { name: 'Update the FAQ', startDate: '2026-11-19', endDate: '2026-11-19', ...stranger('Alice') }],
    ['Carol will prepare the demo, high priority', { name: 'Prepare the demo', priority: 'high', ...to(carol) }],
    ['Bob needs to renew the certificates', { name: 'Renew the certificates', ...to(bob) }],
    ['Prepare the board deck from Jan 5 to Jan 9', { name: 'Prepare the board deck', startDate: '2027-01-05', endDate: '2027-01-09' }],
    ['Order the banners in 3 days', { name: 'Order the banners', endDate: '2026-11-21' }],
    ['Call the printer tomorrow', { name: 'Call the printer', startDate: '2026-11-19', endDate: '2026-11-19' }],
    ['Close the books by end of month', { name: 'Close the books', endDate: '2026-11-30' }],
    ['Send the invoices by next Friday, urgent', { name: 'Send the invoices', endDate: '2026-11-27', priority: 'critical' }],
    ['Refresh the logo, high priority', { name: 'Refresh the logo', priority: 'high' }],
    ['Tidy the shared drive, low', { name: 'Tidy the shared drive', priority: 'low' }],
    ['Low: archive the old sprints', { name: 'Archive the old sprints', priority: 'low' }],
    ['Launch the newsletter (high)', { name: 'Launch the newsletter', priority: 'high' }],
    ['Fix high CPU usage on the API', { name: 'Fix high CPU usage on the API' }],
    ['Set the alert threshold to low', { name: 'Set the alert threshold to low' }],
    ['Run the 2-day workshop starting Monday', { name: 'Run the workshop', startDate: '2026-11-23', endDate: '2026-11-24' }],
    ['Migrate the wiki starting Dec 1 for 3 days', { name: 'Migrate the wiki', startDate: '2026-12-01', endDate: '2026-12-03' }],
    ['Audit the permissions, takes 3 days', { name: 'Audit the permissions', endDate: '2026-11-20' }],
    ['Write the handbook by next Friday, takes 2 days', { name: 'Write the handbook', startDate: '2026-11-26', endDate: '2026-11-27' }],
    ['Onboard the new designer starts Monday Dec 14 for 2 weeks', { name: 'Onboard the new designer', startDate: '2026-12-14', endDate: '2026-12-27' }],
    ['Translate the FAQ for 3 days from Monday', { name: 'Translate the FAQ', startDate: '2026-11-23', endDate: '2026-11-25' }],
    ['Paint the office, it will take a week, starting Monday', { name: 'Paint the office', startDate: '2026-11-23', endDate: '2026-11-29' }],
    ['Migrate to Postgres 17 by end of month', { name: 'Migrate to Postgres 17', endDate: '2026-11-30' }],
    ['Ship to production on Monday', { name: 'Ship to production', startDate: '2026-11-23', endDate: '2026-11-23' }],
    ['QA to verify the hotfix', { name: 'QA to verify the hotfix' }],
    ['Move to the new office', { name: 'Move to the new office' }],
    [
      'Sam to draft the agenda',
      {
        name: 'Draft the agenda',
        assignedTo: 'Sam',
        warnings: [{ code: 'ambiguous_assignee', name: 'Sam', message: 'Sam could be Sam Smith or Sam Jones: choose who in the preview' }],
      },
    ],
    ['Dana Ruiz to plan the offsite', { name: 'Plan the offsite', ...to(dana) }],
    ['Me to update the roadmap', { name: 'Update the roadmap', ...to(dana) }],
    ['Remind Alice to send the contract', { name: 'Send the contract', ...stranger('Alice') }],
    ['Ask Bob to check the numbers by Monday', { name: 'Check the numbers', endDate: '2026-11-23', ...to(bob) }],
    ['Design review with Zoe Park on Thursday', { name: 'Design review', startDate: '2026-11-19', endDate: '2026-11-19', ...stranger('Zoe Park') }],
    ['Review the contract with Alice by Dec 3', { name: 'Review the contract', endDate: '2026-12-03', ...stranger('Alice') }],
    ['Prepare slides for Marketing', { name: 'Prepare slides for Marketing' }],
    ['Add support for Safari 17', { name: 'Add support for Safari 17' }],
    ['Note: update the docs', { name: 'Note: update the docs' }],
    ['Urgent: Bob to restore the backups', { name: 'Restore the backups', priority: 'critical', ...to(bob) }],
    ['Carol to chase the supplier, not urgent', { name: 'Chase the supplier', priority: 'low', ...to(carol) }],
    ['Hand it to Carol: renew the certificates', { name: 'Renew the certificates', ...to(carol) }],
    ['Draft the contract by next Friday', { name: 'Draft the contract', endDate: '2026-11-27' }],
    ['Finish the audit by Friday', { name: 'Finish the audit', endDate: '2026-11-20' }],
    ['Kick off the pilot this Friday', { name: 'Kick off the pilot', startDate: '2026-11-20', endDate: '2026-11-20' }],
    ['Publish the changelog today', { name: 'Publish the changelog', startDate: today, endDate: today }],
    ['Bob should review the PR in 2 days', { name: 'Review the PR', endDate: '2026-11-20', ...to(bob) }],
    ['Alice to draft the sitemap by next Friday, high priority', { name: 'Draft the sitemap', endDate: '2026-11-27', priority: 'high', ...stranger('Alice') }],
  ];

  it.each(sentences)('%j', (prompt, reading) => {
    const parsed = parseTaskPrompt(prompt, { today, members: team, currentUserId: dana.id });
    const { name, startDate, endDate, assignedTo, assigneeId, priority, warnings } = parsed;
    expect({ name, startDate, endDate, assignedTo, assigneeId, priority, warnings }).toEqual({ ...defaults, ...reading });
  });

  it('keeps at least 40 sentences, the two from the issue among them', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(40);
    expect(sentences.map(([p]) => p)).toEqual(
      expect.arrayContaining(['Alice to draft the sitemap by next Friday', 'Build the email templates, starts Monday Dec 14, takes 2 weeks']),
    );
  });
});

describe('[ai-weekdays] a weekday means the same thing whatever day today is', () => {
  // 'Friday' (also 'this Friday', 'by Friday'): the first Friday on or after today, today included.
  // 'next Friday': the Friday of the following Monday-to-Sunday week. From a Saturday or Sunday the two agree.
  const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
  const coming = ['2026-11-27', '2026-11-27', '2026-11-27', '2026-11-27', '2026-11-27', '2026-12-04', '2026-12-04'];
  const next = ['2026-12-04', '2026-12-04', '2026-12-04', '2026-12-04', '2026-12-04', '2026-12-04', '2026-12-04'];
  it.each(week.map((day, i) => [day, coming[i]!, next[i]!]))('from %s: "by Friday" is %s, "by next Friday" %s', (day, friday, nextFriday) => {
    const end = (prompt: string) => parseTaskPrompt(prompt, { today: day, members: [] }).endDate;
    expect(end('Draft the plan by Friday')).toBe(friday);
    expect(end('Draft the plan by this Friday')).toBe(friday);
    expect(end('Draft the plan by next Friday')).toBe(nextFriday);
  });
});
