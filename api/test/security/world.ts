import { SessionStore } from '@planline/db';
import { createApp, listRoutes, type RouteEntry } from '../../src/app.js';
import {
  ApiClient,
  joinedMember,
  registeredClient,
  setTeamPlan,
  teamWithOwner,
  type ClientUser,
  type TestServer,
} from '../harness.js';

/**
 * The people of the security suites. `removed` was a member and still holds the session they had then;
 * `guest` joined one project of the team by its invite link (PRODUCT-SPEC project-access) and nothing else.
 */
export const ACTORS = ['anonymous', 'outsider', 'removed', 'guest', 'member', 'admin', 'owner'] as const;
export type Actor = (typeof ACTORS)[number];

/** Whose ids a request names: the actors' own team's, another team's (nobody here belongs to it), or none. */
export type Scope = 'own' | 'other' | 'none';

export interface TeamFixture {
  owner: ClientUser;
  team: { id: string; teamCode: string; name: string };
  project: { id: string; name: string };
  /** A task that stays (reads); writes make their own. */
  task: { id: string };
}

export interface World {
  server: TestServer;
  users: Record<Exclude<Actor, 'anonymous'>, ClientUser>;
  own: TeamFixture;
  other: TeamFixture;
  /** Words that name what the two teams protect: a refusal must not contain any of them. */
  secrets: string[];
  /** A second session of an actor, so a request that ends or replaces its session spares the shared one. */
  freshSession(actor: Actor): Promise<ApiClient>;
  /** The actor's shared client (its cookies copied, so cookies the answer sets stay with this request). */
  client(actor: Actor): ApiClient;
  team(scope: Scope): TeamFixture;
  /** Disposable fixtures, made by the team's owner through the API. */
  newTask(scope: Scope, name?: string): Promise<{ id: string }>;
  newMember(scope: Scope): Promise<ClientUser>;
  newJoinRequest(scope: Scope): Promise<string>;
  /** A team (and project) of a stranger, for token and code routes where the token is the key. */
  strangerTeam(): Promise<{ teamCode: string; teamToken: string; projectToken: string }>;
}

const NAMES = { own: ['Matrix Team', 'Matrix Project'], other: ['Elsewhere Team', 'Elsewhere Project'] } as const;

async function teamFixture(server: TestServer, scope: 'own' | 'other'): Promise<TeamFixture> {
  const [teamName, projectName] = NAMES[scope];
  const { owner, team } = await teamWithOwner(server, teamName);
  // Enterprise: no member limit, so approvals and joins in the matrix are never a 402.
  await setTeamPlan(server, team.id, 'enterprise');
  const project = (await owner.client.post('/api/projects', { name: projectName, teamId: team.id })).body;
  const task = await createTask(owner.client, project.id, `${scope} task`);
  return { owner, team, project, task };
}

async function createTask(client: ApiClient, projectId: string, name: string): Promise<{ id: string }> {
  const res = await client.post('/api/tasks', { projectId, name, startDate: '2026-03-02', endDate: '2026-03-06' });
  if (res.status !== 201) throw new Error(`task create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function copyOf(client: ApiClient): ApiClient {
  const copy = new ApiClient(client.baseUrl);
  client.cookies.forEach((v, k) => copy.cookies.set(k, v));
  return copy;
}

export async function buildWorld(server: TestServer): Promise<World> {
  const own = await teamFixture(server, 'own');
  const other = await teamFixture(server, 'other');
  const ownerClient = own.owner.client;
  const admin = await joinedMember(server, ownerClient, own.team.id, 'admin');
  const member = await joinedMember(server, ownerClient, own.team.id);
  const removed = await joinedMember(server, ownerClient, own.team.id);
  const guest = await registeredClient(server);
  const projectInvite = (await ownerClient.get(`/api/projects/${own.project.id}/invite-link`)).body.inviteLink as string;
  const projectToken = new URL(projectInvite).pathname.split('/').pop()!;
  const joined = await guest.client.post('/api/projects/join', { token: projectToken });
  if (joined.status !== 200) throw new Error(`guest join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  const outsider = await registeredClient(server);
  const removal = await ownerClient.request('DELETE', `/api/teams/${own.team.id}/members/${removed.user.id}`);
  if (removal.status !== 204) throw new Error(`removal failed: ${removal.status}`);

  const users = { outsider, removed, guest, member, admin, owner: own.owner };
  const team = (scope: Scope) => (scope === 'other' ? other : own);
  const secrets = [...NAMES.own, ...NAMES.other, own.team.teamCode, other.team.teamCode, projectToken];

  return {
    server,
    users,
    own,
    other,
    secrets,
    team,
    client: (actor) => (actor === 'anonymous' ? new ApiClient(server.url) : copyOf(users[actor].client)),
    async freshSession(actor) {
      const client = new ApiClient(server.url);
      if (actor === 'anonymous') return client;
      const { email, password } = users[actor].account;
      const res = await client.post('/api/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`login of ${actor} failed: ${res.status}`);
      return client;
    },
    newTask: (scope, name = 'Disposable task') => createTask(team(scope).owner.client, team(scope).project.id, name),
    newMember: (scope) => joinedMember(server, team(scope).owner.client, team(scope).team.id),
    async newJoinRequest(scope) {
      const asker = await registeredClient(server);
      const res = await asker.client.post('/api/teams/request-join', { teamCode: team(scope).team.teamCode });
      if (res.status !== 201) throw new Error(`request-join failed: ${res.status}`);
      return res.body.id;
    },
    async strangerTeam() {
      const stranger = await teamWithOwner(server, 'Stranger Team');
      await setTeamPlan(server, stranger.team.id, 'enterprise');
      const project = (await stranger.owner.client.post('/api/projects', { name: 'Stranger Project', teamId: stranger.team.id })).body;
      const link = (await stranger.owner.client.get(`/api/teams/${stranger.team.id}/invite-link?role=member`)).body.inviteLink;
      const projectLink = (await stranger.owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink;
      return {
        teamCode: stranger.team.teamCode,
        teamToken: new URL(link).searchParams.get('token')!,
        projectToken: new URL(projectLink).pathname.split('/').pop()!,
      };
    },
  };
}

/** The routes of the app the server runs, read from its routers (a second app over the same parts). */
export function appRoutes(server: TestServer): RouteEntry[] {
  const app = createApp({
    config: server.config,
    dataSource: server.dataSource,
    sessions: new SessionStore(server.dataSource),
    logger: server.logger,
    bus: server.realtime.bus,
    documents: server.realtime.documents,
  });
  return listRoutes(app);
}

export const routeKey = (r: RouteEntry) => `${r.method} ${r.path}`;
