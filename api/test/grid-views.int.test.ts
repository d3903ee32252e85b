import { randomUUID } from 'node:crypto';
import { defaultGridView, MAX_GRID_VIEWS_PER_PROJECT, MAX_PERSONAL_GRID_VIEWS, type GridView } from '@planline/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';
import { collect, liveSocket, until } from './live-socket.js';

/** Issue 39: saved views of the task grid, a person's own or shared with the project. */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

/** A project of a fresh team with an admin, a member, a guest of the project and an outsider. */
async function projectWithPeople() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Launch', teamId: team.id })).body as { id: string };
  const admin = await joinedMember(server, owner.client, team.id, 'admin');
  const member = await joinedMember(server, owner.client, team.id);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(server);
  expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
  const outsider = await registeredClient(server);
  return { owner, admin, member, guest, outsider, project, team };
}

const viewsOf = (projectId: string) => `/api/projects/${projectId}/views`;
const byStatus: GridView = { ...defaultGridView(), filter: { ...defaultGridView().filter, status: ['blocked'] }, groupBy: 'assignee' };

const names = async (client: ApiClient, projectId: string) => ((await client.get(viewsOf(projectId))).body as { name: string }[]).map((v) => v.name).sort();

describe('[grid-views] save, list, change and delete', () => {
  it('lists a person their own views and every shared one, with its owner; a personal view is no one else\'s', async () => {
    const { owner, member, guest, outsider, project } = await projectWithPeople();
    const mine = await owner.client.post(viewsOf(project.id), { name: ' Mine ', view: byStatus });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body).toMatchObject({ projectId: project.id, ownerId: owner.user.id, name: 'Mine', shared: false, view: byStatus });
    const ours = await owner.client.post(viewsOf(project.id), { name: 'Blocked by person', shared: true, view: byStatus });
    expect(ours.status).toBe(201);
    expect(ours.body.ownerName).toBe('Ada Lovelace');

    expect(await names(owner.client, project.id)).toEqual(['Blocked by person', 'Mine']);
    expect(await names(member.client, project.id)).toEqual(['Blocked by person']);
    expect(await names(guest.client, project.id)).toEqual(['Blocked by person']);
    expect((await outsider.client.get(viewsOf(project.id))).status).toBe(404);

    // Another person's own view is not theirs to find.
    expect((await member.client.request('PATCH', `${viewsOf(project.id)}/${mine.body.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await member.client.request('DELETE', `${viewsOf(project.id)}/${mine.body.id}`)).status).toBe(404);
    expect((await outsider.client.request('DELETE', `${viewsOf(project.id)}/${ours.body.id}`)).status).toBe(404);

    const renamed = await owner.client.request('PATCH', `${viewsOf(project.id)}/${mine.body.id}`, { name: 'Still mine', view: defaultGridView() });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Still mine', shared: false, view: defaultGridView() });
    expect((await owner.client.request('DELETE', `${viewsOf(project.id)}/${mine.body.id}`)).status).toBe(204);
    expect(await names(owner.client, project.id)).toEqual(['Blocked by person']);
  });

  it('[grid-view-access] guests keep views of their own but do not share; a shared view is its owner\'s or an admin\'s to change', async () => {
    const { owner, admin, member, guest, project, team } = await projectWithPeople();
    expect((await guest.client.post(viewsOf(project.id), { name: 'Guest view', view: byStatus })).status).toBe(201);
    const refused = await guest.client.post(viewsOf(project.id), { name: 'Guest shared', shared: true, view: byStatus });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/share/);

    const shared = (await member.client.post(viewsOf(project.id), { name: 'Team', shared: true, view: byStatus })).body as { id: string };
    const other = await joinedMember(server, owner.client, team.id);
    const byOther = await other.client.request('PATCH', `${viewsOf(project.id)}/${shared.id}`, { name: 'Mine now' });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toMatch(/shared this view or a team admin/);
    expect((await guest.client.request('DELETE', `${viewsOf(project.id)}/${shared.id}`)).status).toBe(403);
    expect((await admin.client.request('PATCH', `${viewsOf(project.id)}/${shared.id}`, { name: 'Team (tidied)' })).status).toBe(200);
    expect((await owner.client.request('DELETE', `${viewsOf(project.id)}/${shared.id}`)).status).toBe(204);
  });

  it('refuses bad input with a message to act on', async () => {
    const { owner, project } = await projectWithPeople();
    const noName = await owner.client.post(viewsOf(project.id), { name: '  ', view: byStatus });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toMatch(/Name the view/);
    const badColumn = await owner.client.post(viewsOf(project.id), { name: 'X', view: { ...byStatus, columns: [{ id: 'colour', width: 100 }] } });
    expect(badColumn.status).toBe(400);
    expect(JSON.stringify(badColumn.body)).toMatch(/Column must be one of/);
    const saved = (await owner.client.post(viewsOf(project.id), { name: 'X', view: byStatus })).body as { id: string };
    const empty = await owner.client.request('PATCH', `${viewsOf(project.id)}/${saved.id}`, {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toMatch(/Nothing to update/);
    expect((await owner.client.request('PATCH', `${viewsOf(project.id)}/not-a-uuid`, { name: 'Y' })).status).toBe(404);
    expect((await owner.client.request('PATCH', `${viewsOf(project.id)}/${randomUUID()}`, { name: 'Y' })).status).toBe(404);
  });

  it('[grid-view-names] names are unique among one person\'s own views and among the shared ones, whatever the case', async () => {
    const { owner, member, project } = await projectWithPeople();
    expect((await owner.client.post(viewsOf(project.id), { name: 'Late work', view: byStatus })).status).toBe(201);
    const again = await owner.client.post(viewsOf(project.id), { name: 'LATE WORK', view: byStatus });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already have a view named/);
    // Another person's own view, or a shared one, may have the same name.
    expect((await member.client.post(viewsOf(project.id), { name: 'Late work', view: byStatus })).status).toBe(201);
    const shared = await owner.client.post(viewsOf(project.id), { name: 'late work', shared: true, view: byStatus });
    expect(shared.status).toBe(201);
    const sharedAgain = await member.client.post(viewsOf(project.id), { name: 'Late Work', shared: true, view: byStatus });
    expect(sharedAgain.status).toBe(409);
    expect(sharedAgain.body.message).toMatch(/shared view is already named/);
    // Unsharing lands among the owner's own, where the name is taken.
    const unshare = await owner.client.request('PATCH', `${viewsOf(project.id)}/${shared.body.id}`, { shared: false });
    expect(unshare.status).toBe(409);
  });
});

describe('[grid-view-limits] limits hold under concurrent saves', () => {
  it(`keeps ${MAX_PERSONAL_GRID_VIEWS} views of one person's own`, async () => {
    const { owner, project } = await projectWithPeople();
    const results = await Promise.all(
      Array.from({ length: MAX_PERSONAL_GRID_VIEWS + 5 }, (_, i) => owner.client.post(viewsOf(project.id), { name: `View ${i}`, view: byStatus })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_PERSONAL_GRID_VIEWS);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(5).fill(409));
    expect(refused[0]!.body.message).toMatch(/views of your own/);
    // Shared views do not count against a person's own.
    expect((await owner.client.post(viewsOf(project.id), { name: 'Shared one', shared: true, view: byStatus })).status).toBe(201);
  });

  it(`keeps ${MAX_GRID_VIEWS_PER_PROJECT} views per project, everyone's together`, async () => {
    const { owner, member, project } = await projectWithPeople();
    const room = 4;
    for (let i = 0; i < MAX_GRID_VIEWS_PER_PROJECT - room; i++) {
      await server.dataSource.query(`INSERT INTO project_grid_views (id, project_id, owner_id, name, shared, view) VALUES ($1, $2, NULL, $3, true, $4::jsonb)`, [
        randomUUID(),
        project.id,
        `Old ${i}`,
        JSON.stringify(byStatus),
      ]);
    }
    const results = await Promise.all(
      Array.from({ length: room + 4 }, (_, i) => (i % 2 ? owner : member).client.post(viewsOf(project.id), { name: `New ${i}`, shared: i % 3 === 0, view: byStatus })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(room);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/most it can keep/);
  });
});

describe('[grid-views-live] changes reach the browsers that see the view', () => {
  it('a shared view to the project, a personal one to its owner; unsharing leaves the others\' browsers', async () => {
    const { owner, member, project } = await projectWithPeople();
    const ownerSaved = collect<{ view: { id: string; shared: boolean } }>(await liveSocket(server, owner.client, sockets), 'gridView:saved');
    const memberSocket = await liveSocket(server, member.client, sockets);
    const memberSaved = collect<{ projectId: string; view: { id: string; name: string } }>(memberSocket, 'gridView:saved');
    const memberDeleted = collect<{ projectId: string; viewId: string }>(memberSocket, 'gridView:deleted');

    const personal = (await owner.client.post(viewsOf(project.id), { name: 'Only me', view: byStatus })).body as { id: string };
    await until(() => ownerSaved.length === 1);
    const shared = (await owner.client.post(viewsOf(project.id), { name: 'All of us', shared: true, view: byStatus })).body as { id: string };
    await until(() => memberSaved.length === 1);
    expect(memberSaved[0]).toMatchObject({ projectId: project.id, view: { id: shared.id, name: 'All of us' } });

    const changed = await owner.client.request('PATCH', `${viewsOf(project.id)}/${shared.id}`, { view: defaultGridView() });
    await until(() => memberSaved.length === 2);
    expect(memberSaved[1]).toEqual({ projectId: project.id, view: changed.body });

    await owner.client.request('PATCH', `${viewsOf(project.id)}/${shared.id}`, { shared: false });
    await until(() => memberDeleted.length === 1);
    expect(memberDeleted[0]).toEqual({ projectId: project.id, viewId: shared.id });
    await until(() => ownerSaved.some((e) => e.view.id === shared.id && !e.view.shared));
    await owner.client.request('DELETE', `${viewsOf(project.id)}/${personal.id}`);
    await new Promise((r) => setTimeout(r, 200));
    // The member never heard of the personal view.
    expect(memberSaved.map((e) => e.view.id)).not.toContain(personal.id);
    expect(memberDeleted.map((e) => e.viewId)).toEqual([shared.id]);
  });
});
