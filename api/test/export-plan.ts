import { addDays, linkSummary, type LinkType } from '@planline/domain';
import type { ExportData, ExportTask } from '../src/features/export/export-data.js';

interface PlanRow {
  name: string;
  /** Levels under a phase: 0 for a phase, 1 for its tasks. */
  depth: 0 | 1;
  start: string;
  /** Days it lasts (0 for a milestone). */
  days: number;
  status?: ExportTask['status'];
  progress?: number;
  /** Predecessors by row number (from 0), with the link's type. */
  after?: [number, LinkType][];
  /** Where the baseline had it: days earlier (negative) or later than now. */
  slip?: number;
  assignees?: string[];
}

// A website relaunch as an agency plans it for a client: five phases, 22 tasks, four milestones, 15 links.
const ROWS: PlanRow[] = [
  { name: 'Discovery', depth: 0, start: '2026-11-02', days: 19 },
  { name: 'Kick-off meeting with the client', depth: 1, start: '2026-11-02', days: 1, status: 'completed', progress: 100, assignees: ['Ana Ortiz'] },
  { name: 'Stakeholder interviews and requirements workshop', depth: 1, start: '2026-11-03', days: 8, status: 'completed', progress: 100, after: [[1, 'FS']], assignees: ['Ana Ortiz', 'Ben Kowalski'] },
  { name: 'Competitor and analytics review', depth: 1, start: '2026-11-05', days: 10, status: 'in_progress', progress: 60, after: [[2, 'SS']], slip: -2, assignees: ['Chen Wei'] },
  { name: 'Discovery sign-off', depth: 1, start: '2026-11-20', days: 0, after: [[2, 'FS'], [3, 'FS']] },
  { name: 'Design', depth: 0, start: '2026-11-23', days: 26 },
  { name: 'Information architecture and sitemap', depth: 1, start: '2026-11-23', days: 5, status: 'in_progress', progress: 30, after: [[4, 'FS']], assignees: ['Ben Kowalski'] },
  { name: 'Wireframes for the key page templates', depth: 1, start: '2026-11-30', days: 7, after: [[6, 'FS']], slip: -3, assignees: ['Dara Nwosu'] },
  { name: 'Visual design system and component library', depth: 1, start: '2026-12-03', days: 12, after: [[7, 'SS']], assignees: ['Dara Nwosu', 'Eli Brandt'] },
  { name: 'Content strategy and copywriting plan', depth: 1, start: '2026-11-25', days: 10, assignees: ['Fay Lindqvist'] },
  { name: 'Design approval by the client', depth: 1, start: '2026-12-18', days: 0, after: [[8, 'FS']] },
  { name: 'Build', depth: 0, start: '2027-01-04', days: 26 },
  { name: 'Front-end templates', depth: 1, start: '2027-01-04', days: 15, after: [[10, 'FS']], assignees: ['Eli Brandt'] },
  { name: 'CMS setup and content model', depth: 1, start: '2027-01-04', days: 10, status: 'blocked', assignees: ['Gus Moreau'] },
  { name: 'Integrations: CRM, analytics and newsletter sign-up', depth: 1, start: '2027-01-11', days: 12, assignees: ['Gus Moreau'] },
  { name: 'Accessibility pass (WCAG 2.2 AA)', depth: 1, start: '2027-01-18', days: 12, after: [[12, 'FF']], assignees: ['Hana Sato'] },
  { name: 'Content & QA', depth: 0, start: '2027-01-25', days: 24 },
  { name: 'Content migration from the old site', depth: 1, start: '2027-01-25', days: 10, after: [[13, 'FS']], assignees: ['Fay Lindqvist'] },
  { name: 'Cross-browser and device testing', depth: 1, start: '2027-02-01', days: 7, assignees: ['Hana Sato'] },
  { name: 'Performance tuning', depth: 1, start: '2027-02-03', days: 5, assignees: ['Eli Brandt'] },
  { name: 'User acceptance testing with the client team', depth: 1, start: '2027-02-08', days: 8, after: [[18, 'FS']], assignees: ['Ana Ortiz'] },
  { name: 'Go / no-go decision', depth: 1, start: '2027-02-17', days: 0, after: [[20, 'FS']] },
  { name: 'Launch', depth: 0, start: '2027-02-18', days: 21 },
  { name: 'DNS cut-over and launch', depth: 1, start: '2027-02-18', days: 2, after: [[21, 'FS']], assignees: ['Gus Moreau'] },
  { name: 'Site live', depth: 1, start: '2027-02-19', days: 0, after: [[23, 'FF']] },
  { name: 'Post-launch monitoring and fixes', depth: 1, start: '2027-02-22', days: 14, assignees: ['Eli Brandt', 'Gus Moreau'] },
  { name: 'Project retrospective', depth: 1, start: '2027-03-10', days: 1, assignees: ['Ana Ortiz'] },
];

/**
 * [export-pdf] A realistic plan for the PDF's looks: 27 tasks in five phases (summary tasks), four milestones,
 * 15 finish-to-start and other links, long names, several assignees, and a baseline some tasks have slipped from.
 */
export function relaunchPlan(): ExportData {
  const endOf = (row: PlanRow) => addDays(row.start, Math.max(0, row.days - 1));
  const parents = ROWS.map((row, i) => (row.depth === 0 ? -1 : ROWS.slice(0, i).findLastIndex((r) => r.depth === 0)));
  const tasks: ExportTask[] = ROWS.map((row, i) => {
    const summary = row.depth === 0;
    const end = summary ? ROWS.filter((_, j) => parents[j] === i).map(endOf).reduce((a, b) => (b > a ? b : a)) : endOf(row);
    const slip = row.slip ?? 0;
    return {
      id: `t${i}`,
      name: row.name,
      description: null,
      status: row.status ?? 'pending',
      priority: i % 7 === 3 ? 'high' : 'medium',
      startDate: row.start,
      endDate: end,
      progress: row.progress ?? 0,
      color: '#3b82f6',
      order: i,
      kind: row.days === 0 ? 'milestone' : 'task',
      parent: parents[i]! >= 0 ? ROWS[parents[i]!]!.name : null,
      depth: row.depth,
      summary,
      links: (row.after ?? []).map(([from, type]) => ({ dependsOnId: `t${from}`, type, lagDays: 0 })),
      dependsOn: (row.after ?? []).map(([from, type]) => linkSummary(ROWS[from]!.name, { type, lagDays: 0 })),
      assignee: row.assignees?.[0] ?? null,
      assignees: row.assignees ?? [],
      baseline: { startDate: addDays(row.start, slip), endDate: addDays(end, slip), driftDays: -slip },
    };
  });
  return {
    project: { name: 'Northwind website relaunch', code: 'NWR-2026', status: 'active', description: 'The public website rebuilt on a new CMS, with the client signing off discovery, design and launch.', startDate: null, endDate: null },
    baseline: { name: 'Signed-off plan', savedOn: '2026-10-28' },
    today: '2026-11-16',
    tasks,
  };
}
