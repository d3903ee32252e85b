import type { LinkType } from '../schemas/dependency.js';
import type { TaskPriority } from '../schemas/enums.js';
import type { TemplateTask } from '../schemas/template.js';

/**
 * The four templates Planline ships (issue 37). They live here, in code, rather than in a seed migration: they are
 * reviewed and tested like code, and changing one needs no migration. Their ids are fixed, so the count of
 * projects made from each is kept in a project_templates row of the same id (built_in = true), made on first use.
 */
export interface BuiltInTemplate {
  id: string;
  name: string;
  description: string;
  category: string;
  tasks: TemplateTask[];
}

/** `after`: predecessors as 'key' (FS, no lag) or 'key:SS+2' / 'key:FF' / 'key:FS-1' (type, then lag in working days). */
interface Row {
  key: string;
  name: string;
  in?: string;
  days?: number;
  kind?: 'phase' | 'milestone';
  priority?: TaskPriority;
  after?: string[];
  note?: string;
}

function parseLink(spec: string): TemplateTask['links'][number] {
  const match = /^([a-z0-9-]+)(?::(FS|SS|FF|SF)([+-]\d+)?)?$/.exec(spec);
  if (!match) throw new Error(`Bad link in a built-in template: ${spec}`);
  return { dependsOn: match[1]!, type: (match[2] ?? 'FS') as LinkType, lagDays: Number(match[3] ?? 0) };
}

function rows(list: Row[]): TemplateTask[] {
  return list.map((r) => ({
    key: r.key,
    name: r.name,
    description: r.note ?? null,
    kind: r.kind ?? 'task',
    parentKey: r.in ?? null,
    durationDays: r.kind === 'phase' ? null : r.kind === 'milestone' ? 0 : (r.days ?? 1),
    priority: r.priority ?? 'medium',
    links: (r.after ?? []).map(parseLink),
  }));
}

const softwareRelease: BuiltInTemplate = {
  id: '00000000-0000-4000-8000-000000000371',
  name: 'Software release',
  description: 'From scope to general availability: design, build, a beta, hardening and the launch, with a go/no-go before shipping.',
  category: 'Software',
  tasks: rows([
    { key: 'plan', name: 'Planning', kind: 'phase' },
    { key: 'scope', name: 'Agree release scope', in: 'plan', days: 3, priority: 'high' },
    { key: 'design', name: 'Technical design and review', in: 'plan', days: 5, after: ['scope'] },
    { key: 'kickoff', name: 'Scope signed off', in: 'plan', kind: 'milestone', after: ['design'] },
    { key: 'build', name: 'Build', kind: 'phase' },
    { key: 'backend', name: 'Back-end work', in: 'build', days: 15, priority: 'high', after: ['kickoff'] },
    { key: 'frontend', name: 'Front-end work', in: 'build', days: 15, after: ['backend:SS+3'] },
    { key: 'docs', name: 'User documentation', in: 'build', days: 8, priority: 'low', after: ['frontend:FF'] },
    { key: 'freeze', name: 'Feature freeze', in: 'build', kind: 'milestone', priority: 'high', after: ['backend', 'frontend'] },
    { key: 'quality', name: 'Quality', kind: 'phase' },
    { key: 'qa', name: 'Regression testing', in: 'quality', days: 5, after: ['freeze'] },
    { key: 'beta', name: 'Beta with pilot customers', in: 'quality', days: 10, after: ['freeze:FS+1'] },
    { key: 'fixes', name: 'Fix release blockers', in: 'quality', days: 5, priority: 'critical', after: ['qa', 'beta:FF'] },
    { key: 'security', name: 'Security review', in: 'quality', days: 3, priority: 'high', after: ['freeze'] },
    { key: 'launch', name: 'Launch', kind: 'phase' },
    { key: 'gonogo', name: 'Go / no-go decision', in: 'launch', kind: 'milestone', priority: 'critical', after: ['fixes', 'security'] },
    { key: 'notes', name: 'Release notes', in: 'launch', days: 2, after: ['gonogo:SS'] },
    { key: 'deploy', name: 'Production deployment', in: 'launch', days: 1, priority: 'critical', after: ['gonogo'] },
    { key: 'ga', name: 'General availability', in: 'launch', kind: 'milestone', priority: 'high', after: ['deploy', 'notes'] },
    { key: 'retro', name: 'Release retrospective', in: 'launch', days: 1, priority: 'low', after: ['ga:FS+5'] },
  ]),
};

const websiteLaunch: BuiltInTemplate = {
  id: '00000000-0000-4000-8000-000000000372',
  name: 'Website launch',
  description: 'A new site from discovery to go-live: sitemap, design, content, build, testing and the switch-over.',
  category: 'Web',
  tasks: rows([
    { key: 'discover', name: 'Discovery', kind: 'phase' },
    { key: 'goals', name: 'Goals and audience workshop', in: 'discover', days: 2, priority: 'high' },
    { key: 'audit', name: 'Audit the current site', in: 'discover', days: 3, after: ['goals:SS'] },
    { key: 'sitemap', name: 'Sitemap and page list', in: 'discover', days: 3, after: ['goals', 'audit'] },
    { key: 'design', name: 'Design', kind: 'phase' },
    { key: 'wires', name: 'Wireframes', in: 'design', days: 5, after: ['sitemap'] },
    { key: 'visual', name: 'Visual design', in: 'design', days: 8, after: ['wires:SS+3'] },
    { key: 'approved', name: 'Design approved', in: 'design', kind: 'milestone', priority: 'high', after: ['visual'] },
    { key: 'content', name: 'Content', kind: 'phase' },
    { key: 'copy', name: 'Write page copy', in: 'content', days: 10, after: ['sitemap'] },
    { key: 'media', name: 'Photos and illustrations', in: 'content', days: 6, priority: 'low', after: ['approved'] },
    { key: 'seo', name: 'SEO titles and redirects map', in: 'content', days: 3, after: ['copy:FF'] },
    { key: 'build', name: 'Build', kind: 'phase' },
    { key: 'templates', name: 'Build page templates', in: 'build', days: 10, priority: 'high', after: ['approved'] },
    { key: 'cms', name: 'Load content into the CMS', in: 'build', days: 5, after: ['templates:SS+5', 'copy'] },
    { key: 'test', name: 'Cross-browser and accessibility testing', in: 'build', days: 4, priority: 'high', after: ['templates', 'cms'] },
    { key: 'golive', name: 'Go live', kind: 'phase' },
    { key: 'dns', name: 'Switch DNS and redirects', in: 'golive', days: 1, priority: 'critical', after: ['test', 'seo'] },
    { key: 'live', name: 'Site live', in: 'golive', kind: 'milestone', priority: 'critical', after: ['dns'] },
    { key: 'monitor', name: 'Monitor analytics and fix issues', in: 'golive', days: 5, after: ['live'] },
  ]),
};

const event: BuiltInTemplate = {
  id: '00000000-0000-4000-8000-000000000373',
  name: 'Event',
  description: 'A conference or meetup: venue, speakers, registration, promotion, the day itself and the follow-up.',
  category: 'Events',
  tasks: rows([
    { key: 'prep', name: 'Preparation', kind: 'phase' },
    { key: 'budget', name: 'Set budget and goals', in: 'prep', days: 3, priority: 'high' },
    { key: 'venue', name: 'Book the venue', in: 'prep', days: 10, priority: 'critical', after: ['budget'] },
    { key: 'booked', name: 'Venue confirmed', in: 'prep', kind: 'milestone', after: ['venue'] },
    { key: 'programme', name: 'Programme', kind: 'phase' },
    { key: 'cfp', name: 'Call for speakers', in: 'programme', days: 15, after: ['budget'] },
    { key: 'agenda', name: 'Select talks and build the agenda', in: 'programme', days: 5, priority: 'high', after: ['cfp'] },
    { key: 'catering', name: 'Catering and AV', in: 'programme', days: 5, after: ['booked'] },
    { key: 'promo', name: 'Promotion', kind: 'phase' },
    { key: 'tickets', name: 'Open registration', in: 'promo', days: 1, priority: 'high', after: ['booked'] },
    { key: 'campaign', name: 'Announce speakers and promote', in: 'promo', days: 15, after: ['agenda', 'tickets'] },
    { key: 'badges', name: 'Print badges and signage', in: 'promo', days: 3, priority: 'low', after: ['campaign:FF-2'] },
    { key: 'day', name: 'Event day', kind: 'phase' },
    { key: 'rehearsal', name: 'Run-through with speakers', in: 'day', days: 1, after: ['agenda', 'catering', 'campaign'] },
    { key: 'event', name: 'Event day', in: 'day', kind: 'milestone', priority: 'critical', after: ['rehearsal:FS+1', 'badges'] },
    { key: 'follow', name: 'Follow-up', kind: 'phase' },
    { key: 'survey', name: 'Attendee survey', in: 'follow', days: 5, after: ['event'] },
    { key: 'recordings', name: 'Publish recordings', in: 'follow', days: 5, priority: 'low', after: ['event:FS+2'] },
    { key: 'report', name: 'Budget and lessons report', in: 'follow', days: 2, after: ['survey'] },
  ]),
};

const marketingCampaign: BuiltInTemplate = {
  id: '00000000-0000-4000-8000-000000000374',
  name: 'Marketing campaign',
  description: 'A multi-channel campaign: brief, creative, channel set-up, a staged launch and a results review.',
  category: 'Marketing',
  tasks: rows([
    { key: 'strategy', name: 'Strategy', kind: 'phase' },
    { key: 'brief', name: 'Campaign brief and KPIs', in: 'strategy', days: 3, priority: 'high' },
    { key: 'research', name: 'Audience research', in: 'strategy', days: 5, after: ['brief:SS+1'] },
    { key: 'briefok', name: 'Brief approved', in: 'strategy', kind: 'milestone', priority: 'high', after: ['brief', 'research'] },
    { key: 'creative', name: 'Creative', kind: 'phase' },
    { key: 'concept', name: 'Creative concept', in: 'creative', days: 5, after: ['briefok'] },
    { key: 'assets', name: 'Produce ads and visuals', in: 'creative', days: 8, after: ['concept'] },
    { key: 'landing', name: 'Landing page', in: 'creative', days: 6, after: ['concept:FS+2'] },
    { key: 'emails', name: 'E-mail sequence', in: 'creative', days: 4, priority: 'low', after: ['concept'] },
    { key: 'review', name: 'Legal and brand review', in: 'creative', days: 2, priority: 'high', after: ['assets', 'landing', 'emails'] },
    { key: 'channels', name: 'Channels', kind: 'phase' },
    { key: 'tracking', name: 'Tracking and UTM set-up', in: 'channels', days: 2, after: ['landing'] },
    { key: 'paid', name: 'Set up paid campaigns', in: 'channels', days: 3, after: ['review', 'tracking'] },
    { key: 'launch', name: 'Campaign launch', in: 'channels', kind: 'milestone', priority: 'critical', after: ['paid'] },
    { key: 'social', name: 'Organic social posts', in: 'channels', days: 15, after: ['launch:SS'] },
    { key: 'optimise', name: 'Optimise budget and creatives', in: 'channels', days: 10, after: ['launch:FS+3'] },
    { key: 'results', name: 'Results', kind: 'phase' },
    { key: 'analysis', name: 'Results analysis', in: 'results', days: 3, after: ['optimise', 'social'] },
    { key: 'debrief', name: 'Debrief with stakeholders', in: 'results', kind: 'milestone', after: ['analysis'] },
  ]),
};

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = Object.freeze([softwareRelease, websiteLaunch, event, marketingCampaign]);

export const builtInTemplate = (id: string): BuiltInTemplate | undefined => BUILT_IN_TEMPLATES.find((t) => t.id === id);
