import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { BUILT_IN_TEMPLATES, defaultGridView } from '@planline/domain';
import { newAccount, registeredClient } from '../harness.js';
import type { Actor, Scope, World } from './world.js';

/**
 * Who may call each route (issue #9). Every route the routers answer needs an entry here, or the generated
 * matrix fails on it: a new route is not covered by accident.
 *
 * - public: anyone, signed in or not
 * - authenticated / self: anyone signed in (self: the answer is about the caller only)
 * - team-member / team-admin / team-owner: by role in the team the ids name
 * - project-access: the project's team members and its guests; project-team: its team members only;
 *   project-admin: the owner and admins of the project's team (guests and members 403)
 * - nobody: refused to all (a rule of the product, e.g. removing the owner)
 * - session-creator: only the person who started it (a checkout session); everyone else gets 404
 * - recipient: only the person it was made for (a notification, made for the scope team's owner); everyone else 404
 * - invalid-signature: a webhook without a good signature is a 400 to everyone, signed in or not
 */
export type Rule =
  | 'public'
  | 'authenticated'
  | 'self'
  | 'team-member'
  | 'team-admin'
  | 'team-owner'
  | 'project-access'
  | 'project-team'
  | 'project-admin'
  | 'nobody'
  | 'session-creator'
  | 'recipient'
  | 'invalid-signature';

export interface CaseInput {
  world: World;
  actor: Actor;
  scope: Scope;
}

export interface Variant {
  /** Told apart in the test name when a route has several. */
  label?: string;
  rule: Rule;
  /** The status of an allowed call. */
  ok: number;
  /** Default: own and other when the path has ids, else none. */
  scopes?: Scope[];
  /** The request ends or replaces its session: send it from a second session of the actor. */
  freshSession?: boolean;
  /** Path params this route needs made together (else each comes from PARAMS by name). */
  params?: (input: CaseInput) => Promise<Record<string, string>>;
  query?: (input: CaseInput) => Promise<string> | string;
  body?: (input: CaseInput) => Promise<unknown> | unknown;
  headers?: (input: CaseInput, body: unknown) => Record<string, string>;
  /** Puts back what the fixtures changed (run after the request, whatever it answered). */
  after?: (input: CaseInput) => Promise<void>;
}

/** Id fixtures by path parameter name: each names something of the scope's team. */
export const PARAMS: Record<string, (input: CaseInput, method: string) => Promise<string>> = {
  id: async ({ world, scope }) => world.team(scope).team.id,
  teamId: async ({ world, scope }) => world.team(scope).team.id,
  projectId: async ({ world, scope }) => world.team(scope).project.id,
  // Reads share one task; writes get their own, so each allowed write has something to change.
  taskId: async ({ world, scope }, method) => (method === 'GET' ? world.team(scope).task.id : (await world.newTask(scope)).id),
  requestId: ({ world, scope }) => world.newJoinRequest(scope),
  userId: async ({ world, scope }) => (await world.newMember(scope)).user.id,
};

/**
 * The matrix teams are on Enterprise (no member limit), and nobody buys a plan they have: checkout fixtures put
 * the team on Free for the one request, and `after` puts Enterprise back.
 */
async function onFreePlan({ world, scope }: CaseInput) {
  await world.server.dataSource.query(
    `UPDATE teams SET subscription_plan = 'free', subscription_status = 'active', trial_ends_at = NULL, stripe_subscription_id = NULL WHERE id = $1`,
    [world.team(scope).team.id],
  );
}
async function backOnEnterprise({ world, scope }: CaseInput) {
  await world.server.dataSource.query(
    `UPDATE teams SET subscription_plan = 'enterprise', subscription_status = 'active', trial_ends_at = NULL WHERE id = $1`,
    [world.team(scope).team.id],
  );
}
const checkoutBody = ({ world, scope }: CaseInput) => ({
  teamId: world.team(scope).team.id,
  priceId: 'pro_plan',
  successUrl: `${world.server.url}/upgrade/success`,
  cancelUrl: `${world.server.url}/upgrade`,
});
/** A test-mode checkout session started by the scope team's owner. */
async function checkoutSession(input: CaseInput): Promise<Record<string, string>> {
  await onFreePlan(input);
  const res = await input.world.team(input.scope).owner.client.post('/api/create-checkout-session', checkoutBody(input));
  if (res.status !== 200) throw new Error(`checkout fixture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { sessionId: String(res.body.checkoutUrl).split('/').pop()! };
}
/**
 * A fresh guest of the scope team's project, joined through its invite link (the owner reads it). Guests count
 * toward the member limit: the team is put back on Enterprise first, in case a checkout case left it on Free.
 */
async function newGuest(input: CaseInput): Promise<Record<string, string>> {
  const { world, scope } = input;
  await backOnEnterprise(input);
  const { owner, project } = world.team(scope);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(world.server);
  const joined = await guest.client.post('/api/projects/join', { token: new URL(link).pathname.split('/').pop() });
  if (joined.status !== 200) throw new Error(`guest fixture failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  return { projectId: project.id, userId: guest.user.id };
}
/** A baseline of the scope team's project, saved by its owner. */
async function newBaseline({ world, scope }: CaseInput): Promise<Record<string, string>> {
  const { owner, project } = world.team(scope);
  const res = await owner.client.post(`/api/projects/${project.id}/baselines`, { name: 'Matrix baseline' });
  if (res.status !== 201) throw new Error(`baseline fixture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { projectId: project.id, baselineId: res.body.id as string };
}
/** A project keeps at most 10 baselines: each case starts from none. */
async function dropBaselines({ world, scope }: CaseInput) {
  await world.server.dataSource.query(`DELETE FROM project_baselines WHERE project_id = $1`, [world.team(scope).project.id]);
}
/** [custom-field-access] A custom field of the scope team's project, added by its owner (removed too, with `removed`). */
async function newField({ world, scope }: CaseInput, removed = false): Promise<Record<string, string>> {
  const { owner, project } = world.team(scope);
  const res = await owner.client.post(`/api/projects/${project.id}/fields`, { name: `Matrix field ${Math.random().toString(36).slice(2, 8)}`, type: 'text' });
  if (res.status !== 201) throw new Error(`field fixture failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (removed && (await owner.client.request('DELETE', `/api/projects/${project.id}/fields/${res.body.id}`)).status !== 204) throw new Error('field fixture: removal failed');
  return { projectId: project.id, fieldId: res.body.id as string };
}
/** A project has at most 30 fields: each case starts from none. */
async function dropFields({ world, scope }: CaseInput) {
  await world.server.dataSource.query(`DELETE FROM project_custom_fields WHERE project_id = $1`, [world.team(scope).project.id]);
}
/** [grid-view-access] A view of the scope team's project shared by its owner: its owner or a team admin changes it. */
async function newSharedView({ world, scope }: CaseInput): Promise<Record<string, string>> {
  const { owner, project } = world.team(scope);
  const res = await owner.client.post(`/api/projects/${project.id}/views`, { name: `Matrix view ${randomUUID()}`, shared: true, view: defaultGridView() });
  if (res.status !== 201) throw new Error(`view fixture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { projectId: project.id, viewId: res.body.id as string };
}
/** A person keeps at most 20 views of their own: each case starts from none. */
async function dropViews({ world, scope }: CaseInput) {
  await world.server.dataSource.query(`DELETE FROM project_grid_views WHERE project_id = $1`, [world.team(scope).project.id]);
}
/** [templates] A private template the scope's team owner saved from the team's project: only its creator deletes it. */
async function newTemplate({ world, scope }: CaseInput): Promise<Record<string, string>> {
  const { owner, project } = world.team(scope);
  const res = await owner.client.post(`/api/projects/${project.id}/save-as-template`, { name: 'Matrix template' });
  if (res.status !== 201) throw new Error(`template fixture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { templateId: res.body.id as string };
}
async function dropTemplates({ world, scope }: CaseInput) {
  await world.server.dataSource.query(`DELETE FROM project_templates WHERE team_id = $1`, [world.team(scope).team.id]);
}
/**
 * Issue 38: a comment on the scope's shared task, written straight into the table (the matrix would pass the post
 * limit through the API): by the caller when they can see the project (`ownComment`), else by the team's owner.
 */
async function newComment({ world, actor, scope }: CaseInput, byCaller: boolean): Promise<Record<string, string>> {
  const team = world.team(scope);
  const sees = scope === 'own' && ['guest', 'member', 'admin', 'owner'].includes(actor);
  const author = byCaller && sees && actor !== 'anonymous' ? world.users[actor].user.id : team.owner.user.id;
  const rows: { id: string }[] = await world.server.dataSource.query(
    `INSERT INTO task_comments (id, task_id, project_id, user_id, body) VALUES ($1, $2, $3, $4, 'Matrix comment') RETURNING id`,
    [randomUUID(), team.task.id, team.project.id, author],
  );
  return { commentId: rows[0]!.id };
}
/** A notification made for the scope team's owner, about its shared task. */
async function ownersNotification({ world, scope }: CaseInput): Promise<Record<string, string>> {
  const team = world.team(scope);
  const rows: { id: string }[] = await world.server.dataSource.query(
    `INSERT INTO notifications (id, user_id, reason, team_id, project_id, task_id, text) VALUES ($1, $2, 'task_changed', $3, $4, $5, 'Matrix notice') RETURNING id`,
    [randomUUID(), team.owner.user.id, team.team.id, team.project.id, team.task.id],
  );
  return { id: rows[0]!.id };
}
/** An API token of the scope team's owner, made straight in the table (issue 40: only they may revoke it). */
async function ownersToken({ world, scope }: CaseInput): Promise<Record<string, string>> {
  const hash = randomBytes(32).toString('hex');
  const rows: { id: string }[] = await world.server.dataSource.query(
    `INSERT INTO api_tokens (id, user_id, name, scope, token_hash, hint) VALUES ($1, $2, 'Matrix token', 'read', $3, 'plt_xxxx') RETURNING id`,
    [randomUUID(), world.team(scope).owner.user.id, hash],
  );
  return { tokenId: rows[0]!.id };
}
/** A webhook of the scope team, made straight in the table (issue 40). */
async function teamWebhook({ world, scope }: CaseInput): Promise<Record<string, string>> {
  const rows: { id: string }[] = await world.server.dataSource.query(
    `INSERT INTO team_webhooks (id, team_id, url, events, secret) VALUES ($1, $2, 'https://93.184.215.14/hook', '{task.created}', 'whs_matrix') RETURNING id`,
    [randomUUID(), world.team(scope).team.id],
  );
  return { teamId: world.team(scope).team.id, webhookId: rows[0]!.id };
}
/** Webhooks made by allowed POSTs are removed again: the team's limit of 10 is not what the matrix tests. */
async function noWebhooks({ world, scope }: CaseInput): Promise<void> {
  await world.server.dataSource.query(`DELETE FROM team_webhooks WHERE team_id = $1`, [world.team(scope).team.id]);
}
/** The unsubscribe link's query for a fresh person, signed as the server signs the links in its e-mails. */
async function unsubscribeQuery({ world }: CaseInput): Promise<string> {
  const person = await registeredClient(world.server);
  return `token=${encodeURIComponent(world.server.notificationEmail!.tokens.sign(person.user.id, 'mentions'))}`;
}
const webhookEvent = () =>
  JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, type: 'customer.created', created: Math.floor(Date.now() / 1000), data: { object: {} } });

const email = (actor: Actor, world: World) => (actor === 'anonymous' ? undefined : world.users[actor].account.email);
const taskBody = (projectId: string) => ({ projectId, name: 'Matrix-made task', startDate: '2026-03-02', endDate: '2026-03-04' });
const idsNamed = ['own', 'other'] as Scope[];

export const ROUTE_RULES: Record<string, Variant[]> = {
  'GET /api/health': [{ rule: 'public', ok: 200 }],
  // The API's contract, generated from the zod schemas: nothing in it is anyone's data.
  'GET /api/openapi.json': [{ rule: 'public', ok: 200 }],
  'GET /api/import/template.csv': [{ rule: 'public', ok: 200 }],
  'GET /api/import/template.xlsx': [{ rule: 'public', ok: 200 }],

  'POST /api/auth/register': [{ rule: 'public', ok: 201, freshSession: true, body: () => newAccount() }],
  'POST /api/auth/login': [
    {
      rule: 'public',
      ok: 200,
      freshSession: true,
      body: async ({ world }) => {
        const { account } = await registeredClient(world.server);
        return { email: account.email, password: account.password };
      },
    },
  ],
  'POST /api/auth/logout': [{ rule: 'public', ok: 204, freshSession: true }],
  // Who is signed in: anyone may ask; nobody signed in is the answer null (200), never someone else's user.
  'GET /api/auth/user': [{ rule: 'public', ok: 200 }],
  'PUT /api/auth/user': [
    { rule: 'self', ok: 200, body: ({ world, actor }) => ({ firstName: 'Ada', lastName: 'Byron', email: email(actor, world) ?? 'nobody@example.com' }) },
  ],
  'GET /api/login': [{ rule: 'public', ok: 302 }],
  'GET /api/logout': [{ rule: 'public', ok: 302, freshSession: true }],

  'GET /api/teams': [{ rule: 'self', ok: 200 }],
  'POST /api/teams': [{ rule: 'authenticated', ok: 201, body: () => ({ name: 'Side Team' }) }],
  'GET /api/teams/invite-info': [
    { rule: 'public', ok: 200, query: async ({ world }) => `token=${(await world.strangerTeam()).teamToken}` },
  ],
  'POST /api/teams/join': [{ rule: 'authenticated', ok: 200, body: async ({ world }) => ({ token: (await world.strangerTeam()).teamToken }) }],
  'POST /api/teams/request-join': [
    { rule: 'authenticated', ok: 201, body: async ({ world }) => ({ teamCode: (await world.strangerTeam()).teamCode }) },
  ],
  'POST /api/teams/join-requests/:requestId/respond': [{ rule: 'team-admin', ok: 200, body: () => ({ response: 'denied' }) }],
  'GET /api/teams/:id': [{ rule: 'team-member', ok: 200 }],
  'GET /api/teams/:id/members': [{ rule: 'team-member', ok: 200 }],
  'GET /api/teams/:teamId/chat': [{ rule: 'team-member', ok: 200 }],
  'POST /api/teams/:teamId/chat': [{ rule: 'team-member', ok: 201, body: () => ({ message: 'Hello from the matrix' }) }],
  'GET /api/teams/:teamId/chat/presence': [{ rule: 'team-member', ok: 200 }],
  'GET /api/teams/:teamId/chat/tasks': [{ rule: 'team-member', ok: 200, query: () => 'q=task' }],
  'DELETE /api/teams/:teamId/members/:userId': [
    { label: 'a member', rule: 'team-admin', ok: 204 },
    {
      label: 'the owner',
      rule: 'nobody',
      ok: 204,
      params: async ({ world, scope }) => ({ teamId: world.team(scope).team.id, userId: world.team(scope).owner.user.id }),
    },
  ],
  'GET /api/teams/:id/join-requests': [{ rule: 'team-admin', ok: 200 }],
  // Issue 36: someone else's capacity is the owner's and admins' (each person reads and sets their own, 'self' below).
  'GET /api/teams/:teamId/members/:userId/capacity': [{ rule: 'team-admin', ok: 200 }],
  'PUT /api/teams/:teamId/members/:userId/capacity': [{ rule: 'team-admin', ok: 200, body: () => ({ hoursPerDay: 6 }) }],
  // Issue 40: the portfolio is the team's members'; a guest sees the one project they were asked into, like project-access.
  'GET /api/teams/:teamId/portfolio': [{ rule: 'project-access', ok: 200 }],
  // A whole project moved on the portfolio is an edit of its tasks: whoever may edit them.
  'POST /api/projects/:projectId/shift': [{ rule: 'project-access', ok: 200, body: () => ({ startDate: '2026-12-01' }) }],
  'GET /api/teams/:teamId/workload': [{ rule: 'team-member', ok: 200, query: () => 'from=2026-11-30&to=2026-12-27&scale=week' }],
  // Invite links are the owner's and admins' (issue #14): a member's copy outlived their membership.
  'GET /api/teams/:id/invite-link': [
    { label: 'role=member', rule: 'team-admin', ok: 200, query: () => 'role=member' },
    { label: 'role=admin', rule: 'team-admin', ok: 200, query: () => 'role=admin' },
    { label: 'role=ADMIN', rule: 'team-admin', ok: 200, query: () => 'role=ADMIN' },
  ],
  'POST /api/teams/:id/invite-link/regenerate': [
    { label: 'member link', rule: 'team-admin', ok: 200, body: () => ({ role: 'member' }) },
    { label: 'admin link', rule: 'team-admin', ok: 200, body: () => ({ role: 'admin' }) },
  ],
  'GET /api/teams/:teamId/projects': [{ rule: 'team-member', ok: 200 }],

  'POST /api/projects': [
    { rule: 'team-member', ok: 201, scopes: idsNamed, body: ({ world, scope }) => ({ name: 'Side Project', teamId: world.team(scope).team.id }) },
  ],
  'GET /api/projects/user': [{ rule: 'self', ok: 200 }],
  'GET /api/projects/invite-info': [
    { rule: 'public', ok: 200, query: async ({ world }) => `token=${(await world.strangerTeam()).projectToken}` },
  ],
  'POST /api/projects/join': [
    { rule: 'authenticated', ok: 200, body: async ({ world }) => ({ token: (await world.strangerTeam()).projectToken }) },
  ],
  'PATCH /api/projects/:projectId': [{ rule: 'project-team', ok: 200, body: () => ({ description: 'Changed by the matrix' }) }],
  'GET /api/projects/:projectId/people': [{ rule: 'project-access', ok: 200 }],
  'GET /api/projects/:projectId/schedule': [{ rule: 'project-access', ok: 200 }],
  // Baselines (issue 19): read by all who open the project, saved and deleted by its team, like its schedule settings.
  'GET /api/projects/:projectId/baselines': [{ rule: 'project-access', ok: 200 }],
  'POST /api/projects/:projectId/level': [{ rule: 'project-access', ok: 200, body: () => ({ preview: true }) }],
  // Import (issue 37): the team's, like the project's settings; a preview of a small CSV (the sheet reader's).
  'POST /api/projects/:projectId/import': [
    {
      rule: 'project-team',
      ok: 200,
      query: () => 'format=csv&mode=append&preview=true&fileName=plan.csv',
      body: () => 'Name,Start,Finish\nKick-off,2026-12-07,2026-12-08\n',
      headers: () => ({ 'content-type': 'text/csv' }),
    },
  ],
  // [import-undo] Undoing an import is the importer's: the team's. Undoing nothing (no calendar, no baseline) restores the plan as it is.
  'POST /api/projects/:projectId/import/undo': [
    { rule: 'project-team', ok: 200, body: () => ({ at: new Date().toISOString(), keepEditsAfter: new Date().toISOString() }) },
  ],
  'POST /api/projects/:projectId/baselines': [{ rule: 'project-team', ok: 201, body: () => ({ name: 'Kick-off plan' }), after: dropBaselines }],
  'GET /api/projects/:projectId/baselines/:baselineId': [{ rule: 'project-access', ok: 200, params: newBaseline, after: dropBaselines }],
  'DELETE /api/projects/:projectId/baselines/:baselineId': [{ rule: 'project-team', ok: 204, params: newBaseline, after: dropBaselines }],
  // [custom-field-access] Custom fields (issue 39): read by all who open the project, defined by its team (guests 403).
  'GET /api/projects/:projectId/fields': [{ rule: 'project-access', ok: 200 }],
  'POST /api/projects/:projectId/fields': [{ rule: 'project-team', ok: 201, body: () => ({ name: 'Cost', type: 'number' }), after: dropFields }],
  'PATCH /api/projects/:projectId/fields/:fieldId': [
    { rule: 'project-team', ok: 200, params: (input) => newField(input), body: () => ({ position: 0 }), after: dropFields },
  ],
  'DELETE /api/projects/:projectId/fields/:fieldId': [{ rule: 'project-team', ok: 204, params: (input) => newField(input), after: dropFields }],
  'POST /api/projects/:projectId/fields/:fieldId/restore': [{ rule: 'project-team', ok: 200, params: (input) => newField(input, true), after: dropFields }],
  // [grid-view-access] Saved grid views (issue 39): anyone who opens the project keeps views of their own (guests
  // too); a shared view is changed or deleted by whoever shared it (the team owner here) or a team admin.
  'GET /api/projects/:projectId/views': [{ rule: 'project-access', ok: 200 }],
  'POST /api/projects/:projectId/views': [
    { rule: 'project-access', ok: 201, body: () => ({ name: `Mine ${randomUUID()}`, view: defaultGridView() }), after: dropViews },
    { label: 'shared', rule: 'project-team', ok: 201, body: () => ({ name: `Ours ${randomUUID()}`, shared: true, view: defaultGridView() }), after: dropViews },
  ],
  'PATCH /api/projects/:projectId/views/:viewId': [{ rule: 'project-admin', ok: 200, params: newSharedView, body: () => ({ name: `Renamed ${randomUUID()}` }), after: dropViews }],
  'DELETE /api/projects/:projectId/views/:viewId': [{ rule: 'project-admin', ok: 204, params: newSharedView, after: dropViews }],
  // [templates] Saving a project as a template is the team's, not a guest's (docs/security.md, the guest rule).
  'POST /api/projects/:projectId/save-as-template': [{ rule: 'project-team', ok: 201, body: () => ({ name: 'Matrix template' }), after: dropTemplates }],
  'GET /api/templates': [{ rule: 'authenticated', ok: 200 }],
  // A built-in template is everyone's; the project goes to the team named, as POST /api/projects does.
  'POST /api/templates/:templateId/projects': [
    {
      rule: 'team-member',
      ok: 201,
      scopes: idsNamed,
      params: async () => ({ templateId: BUILT_IN_TEMPLATES[0]!.id }),
      body: ({ world, scope }) => ({ teamId: world.team(scope).team.id, name: 'From a template', startDate: '2026-03-02' }),
    },
  ],
  // Its creator only (the fixture's creator is the team owner): teammates 403, anyone else 404.
  'DELETE /api/templates/:templateId': [{ rule: 'team-owner', ok: 204, params: newTemplate, after: dropTemplates }],
  'GET /api/projects/:projectId/invite-link': [{ rule: 'project-admin', ok: 200 }],
  'POST /api/projects/:projectId/invite-link/regenerate': [{ rule: 'project-admin', ok: 200 }],
  'GET /api/projects/:projectId/guests': [{ rule: 'project-admin', ok: 200 }],
  'DELETE /api/projects/:projectId/guests/:userId': [{ rule: 'project-admin', ok: 204, params: newGuest }],

  'GET /api/projects/:projectId/tasks': [
    { rule: 'project-access', ok: 200 },
    // Time travel (issue 19): the plan at an instant, read like the plan now.
    { label: 'at an instant', rule: 'project-access', ok: 200, query: () => 'at=2026-01-01T00:00:00Z' },
  ],
  // A restore is an edit of the plan like any other: whoever may edit its tasks. To now: a restore that changes nothing.
  'POST /api/projects/:projectId/restore': [{ rule: 'project-access', ok: 200, body: () => ({ at: new Date().toISOString() }) }],
  // Who moved the bars of a past plan, and why: read like the plan at that instant.
  'GET /api/projects/:projectId/task-moves': [{ rule: 'project-access', ok: 200, query: () => 'at=2026-01-01T00:00:00Z' }],
  // Issue 38: comments are read and written like the task's project; its author edits and deletes, the team's
  // owner and admins delete anyone's.
  'GET /api/tasks/:taskId/comments': [{ rule: 'project-access', ok: 200 }],
  'POST /api/tasks/:taskId/comments': [{ rule: 'project-access', ok: 201, body: () => ({ body: 'A matrix comment' }) }],
  'PATCH /api/comments/:commentId': [{ rule: 'project-access', ok: 200, params: (input) => newComment(input, true), body: () => ({ body: 'Edited in the matrix' }) }],
  'DELETE /api/comments/:commentId': [
    { label: 'own comment', rule: 'project-access', ok: 204, params: (input) => newComment(input, true) },
    { label: "the owner's comment", rule: 'project-admin', ok: 204, params: (input) => newComment(input, false) },
  ],
  'GET /api/projects/:projectId/comment-counts': [{ rule: 'project-access', ok: 200 }],
  'POST /api/tasks': [{ rule: 'project-access', ok: 201, scopes: idsNamed, body: ({ world, scope }) => taskBody(world.team(scope).project.id) }],
  // [workload-reassign] One task with its assignments, read as the plan is: whoever may open its project.
  'GET /api/tasks/:taskId': [{ rule: 'project-access', ok: 200 }],
  'PATCH /api/tasks/:taskId': [{ rule: 'project-access', ok: 200, body: () => ({ progress: 40, changeReason: 'matrix' }) }],
  'DELETE /api/tasks/:taskId': [{ rule: 'project-access', ok: 204 }],
  'GET /api/tasks/:taskId/history': [{ rule: 'project-access', ok: 200 }],
  'POST /api/tasks/:taskId/dependencies': [
    {
      rule: 'project-access',
      ok: 201,
      params: async ({ world, scope }) => ({ taskId: (await world.newTask(scope)).id }),
      body: async ({ world, scope }) => ({ dependsOnTaskId: (await world.newTask(scope)).id }),
    },
  ],
  'PATCH /api/tasks/:taskId/dependencies/:dependsOnTaskId': [
    {
      rule: 'project-access',
      ok: 200,
      params: async ({ world, scope }) => {
        const [a, b] = [await world.newTask(scope), await world.newTask(scope)];
        const res = await world.team(scope).owner.client.post(`/api/tasks/${a.id}/dependencies`, { dependsOnTaskId: b.id });
        if (res.status !== 201) throw new Error(`dependency fixture failed: ${res.status}`);
        return { taskId: a.id, dependsOnTaskId: b.id };
      },
      body: () => ({ type: 'SS', lagDays: 2 }),
    },
  ],
  'DELETE /api/tasks/:taskId/dependencies/:dependsOnTaskId': [
    {
      rule: 'project-access',
      ok: 200,
      params: async ({ world, scope }) => {
        const [a, b] = [await world.newTask(scope), await world.newTask(scope)];
        const owner = world.team(scope).owner.client;
        const res = await owner.post(`/api/tasks/${a.id}/dependencies`, { dependsOnTaskId: b.id });
        if (res.status !== 201) throw new Error(`dependency fixture failed: ${res.status}`);
        return { taskId: a.id, dependsOnTaskId: b.id };
      },
    },
  ],

  'GET /api/dashboard-config': [
    { label: 'general', rule: 'self', ok: 200 },
    { label: 'of a project', rule: 'project-access', ok: 200, scopes: idsNamed, query: ({ world, scope }) => `projectId=${world.team(scope).project.id}` },
  ],
  'POST /api/dashboard-config': [
    { label: 'general', rule: 'self', ok: 200, body: () => ({ layout: [] }) },
    {
      label: 'of a project',
      rule: 'project-access',
      ok: 200,
      scopes: idsNamed,
      body: ({ world, scope }) => ({ layout: [], projectId: world.team(scope).project.id }),
    },
  ],

  'GET /api/projects/:projectId/weekly-reports': [{ rule: 'project-access', ok: 200 }],
  'GET /api/projects/:projectId/weekly-reports/latest': [{ rule: 'project-access', ok: 200 }],
  'POST /api/projects/:projectId/weekly-reports': [
    { rule: 'project-access', ok: 200, body: () => ({ weekEndingDate: '2026-03-08', summary: 'Matrix week' }) },
  ],
  'POST /api/export/excel/:projectId': [{ rule: 'project-access', ok: 200, body: () => ({}) }],
  'POST /api/export/pdf/:projectId': [{ rule: 'project-access', ok: 200, body: () => ({ includeCharts: false }) }],
  'GET /api/projects/:projectId/export/mspdi': [{ rule: 'project-access', ok: 200 }],
  // Issue 37: each person makes and revokes their own calendar link; the feed needs none, its token is the credential
  // (a link of a person outside both teams, so no caller is shown a name they may not read).
  'GET /api/me/calendar-feed': [{ rule: 'self', ok: 200 }],
  'POST /api/me/calendar-feed': [{ rule: 'self', ok: 200 }],
  'DELETE /api/me/calendar-feed': [{ rule: 'self', ok: 204 }],
  'GET /api/calendar/:token.ics': [
    {
      rule: 'public',
      ok: 200,
      params: async ({ world }) => {
        const person = await registeredClient(world.server);
        const url = (await person.client.post('/api/me/calendar-feed')).body.url as string;
        return { token: new URL(url).pathname.split('/').pop()!.replace(/\.ics$/, '') };
      },
    },
  ],
  // Issue 38: each person's e-mail settings; the unsubscribe link needs no session, its signed token names the person
  // (a person outside both teams, so the call changes nobody's settings the matrix reads).
  // Issue 38: the inbox is each person's own; a notification is its recipient's. Watching a task is for whoever can
  // see it, like reading it.
  'GET /api/notifications': [{ rule: 'self', ok: 200 }],
  // Issue 40: each person's API tokens are their own; another's token is the same 404 as none.
  'GET /api/me/tokens': [{ rule: 'self', ok: 200 }],
  'POST /api/me/tokens': [{ rule: 'self', ok: 201, body: () => ({ name: 'Matrix', scope: 'read' }) }],
  'DELETE /api/me/tokens/:tokenId': [{ rule: 'recipient', ok: 204, params: ownersToken }],
  // Issue 40: a team's webhooks are its owner's and admins' (a public address: the matrix server allows no private ones).
  'GET /api/teams/:teamId/webhooks': [{ rule: 'team-admin', ok: 200 }],
  'POST /api/teams/:teamId/webhooks': [
    { rule: 'team-admin', ok: 201, body: () => ({ url: 'https://93.184.215.14/hook', events: ['task.created'] }), after: noWebhooks },
  ],
  'DELETE /api/teams/:teamId/webhooks/:webhookId': [{ rule: 'team-admin', ok: 204, params: teamWebhook }],
  'POST /api/teams/:teamId/webhooks/:webhookId/rotate-secret': [{ rule: 'team-admin', ok: 200, params: teamWebhook }],
  'GET /api/teams/:teamId/webhooks/:webhookId/deliveries': [{ rule: 'team-admin', ok: 200, params: teamWebhook }],
  'POST /api/notifications/read-all': [{ rule: 'self', ok: 200 }],
  'PATCH /api/notifications/:id': [{ rule: 'recipient', ok: 200, params: ownersNotification, body: () => ({ read: true }) }],
  'GET /api/tasks/:taskId/watch': [{ rule: 'project-access', ok: 200 }],
  'POST /api/tasks/:taskId/watch': [{ rule: 'project-access', ok: 200 }],
  'DELETE /api/tasks/:taskId/watch': [{ rule: 'project-access', ok: 200 }],
  'GET /api/me/notification-settings': [{ rule: 'self', ok: 200 }],
  'PUT /api/me/notification-settings': [{ rule: 'self', ok: 200, body: () => ({ mentions: 'instant', other: 'digest' }) }],
  'GET /api/notifications/unsubscribe': [{ rule: 'public', ok: 200, query: unsubscribeQuery }],
  'POST /api/notifications/unsubscribe': [{ rule: 'public', ok: 200, query: unsubscribeQuery }],
  'POST /api/tasks/ai-preview': [
    {
      rule: 'project-access',
      ok: 200,
      scopes: idsNamed,
      body: ({ world, scope }) => ({ prompt: 'Write the launch checklist next week', projectId: world.team(scope).project.id }),
    },
  ],
  'POST /api/tasks/ai-create': [
    {
      rule: 'project-access',
      ok: 201,
      scopes: idsNamed,
      body: ({ world, scope }) => ({ prompt: 'Write the launch checklist next week', projectId: world.team(scope).project.id }),
    },
  ],
  'GET /api/billing/config': [{ rule: 'public', ok: 200 }],
  'POST /api/create-checkout-session': [
    { rule: 'team-owner', ok: 200, scopes: idsNamed, body: async (input) => (await onFreePlan(input), checkoutBody(input)), after: backOnEnterprise },
  ],
  'GET /api/billing/test-checkout/:sessionId': [{ rule: 'session-creator', ok: 200, params: checkoutSession, after: backOnEnterprise }],
  'POST /api/billing/test-checkout/:sessionId/pay': [{ rule: 'session-creator', ok: 200, params: checkoutSession, after: backOnEnterprise }],
  // Stripe's calls carry no cookie and no Origin: the signature is the authentication.
  'POST /api/stripe/webhook': [
    {
      label: 'signed',
      rule: 'public',
      ok: 200,
      body: webhookEvent,
      headers: ({ world }, body) => ({
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: String(body), secret: world.server.config.billing.webhookSecret }),
      }),
    },
    { label: 'unsigned', rule: 'invalid-signature', ok: 200, body: webhookEvent },
    {
      label: 'signed with another secret',
      rule: 'invalid-signature',
      ok: 200,
      body: webhookEvent,
      headers: (_input, body) => ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: String(body), secret: 'whsec_not_ours' }) }),
    },
  ],
  'POST /api/support/ticket': [
    {
      rule: 'public',
      ok: 201,
      body: () => ({ name: 'Ada', email: newAccount().email, subject: 'Matrix', message: 'A question from the matrix' }),
    },
  ],
};

/** What a caller gets under a rule: the route's success, or the refusal the product gives (401, 403, 404). */
export function expectedOutcome(rule: Rule, actor: Actor, scope: Scope): 'allow' | 400 | 401 | 403 | 404 {
  if (rule === 'public') return 'allow';
  if (rule === 'invalid-signature') return 400;
  if (actor === 'anonymous') return 401;
  if (rule === 'authenticated' || rule === 'self') return 'allow';
  // Nobody here belongs to the other team: they may not know its things exist.
  if (scope === 'other') return 404;
  const teamRole = actor === 'member' || actor === 'admin' || actor === 'owner' ? actor : null;
  switch (rule) {
    case 'team-member':
      return teamRole ? 'allow' : 404;
    case 'team-admin':
      return teamRole === 'admin' || teamRole === 'owner' ? 'allow' : teamRole ? 403 : 404;
    case 'team-owner':
      return teamRole === 'owner' ? 'allow' : teamRole ? 403 : 404;
    case 'project-access':
      return teamRole || actor === 'guest' ? 'allow' : 404;
    case 'project-team':
      return teamRole ? 'allow' : actor === 'guest' ? 403 : 404;
    case 'project-admin':
      return teamRole === 'admin' || teamRole === 'owner' ? 'allow' : teamRole || actor === 'guest' ? 403 : 404;
    case 'nobody':
      return teamRole ? 403 : 404;
    case 'session-creator':
      // The scope team's owner started it; a session is not the team's, so nobody else learns it exists.
      return actor === 'owner' ? 'allow' : 404;
    case 'recipient':
      // Made for the scope team's owner: nobody else learns it exists.
      return actor === 'owner' ? 'allow' : 404;
  }
}
