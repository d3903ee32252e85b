import { SOCKET_IO_PATH } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './collab-client.js';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ClientUser } from './harness.js';

/**
 * [capacity] Issue 36: each team member's hours per day, working weekdays and days off, through
 * GET/PUT /api/teams/{teamId}/members/{userId}/capacity. The owner and admins set anyone's, each person their own.
 */
const server = await startTestServer();
let owner: ClientUser;
let admin: ClientUser;
let ana: ClientUser;
let ben: ClientUser;
let teamId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const made = await teamWithOwner(server);
  owner = made.owner;
  teamId = made.team.id;
  admin = await joinedMember(server, owner.client, teamId, 'admin');
  ana = await joinedMember(server, owner.client, teamId);
  ben = await joinedMember(server, owner.client, teamId);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server.stop();
});

const path = (userId: string) => `/api/teams/${teamId}/members/${userId}/capacity`;
const storedRows = async (userId: string) =>
  (await server.dataSource.query(`SELECT hours_per_day::float AS hours, working_days, days_off FROM member_capacities WHERE team_id = $1 AND user_id = $2`, [teamId, userId])) as unknown[];

describe('[capacity] reading and setting a member’s capacity', () => {
  it('[capacity] a member who never set theirs has the default: 8 hours, the project calendar’s weekdays, no days off', async () => {
    const res = await ana.client.get(path(ana.user.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamId, userId: ana.user.id, hoursPerDay: 8, workingDays: null, daysOff: [] });
  });

  it('[capacity] a person sets their own; the owner and admins read it back as stored', async () => {
    const capacity = { hoursPerDay: 7.5, workingDays: [5, 1, 2, 3, 4, 1], daysOff: [{ from: '2026-12-24', to: '2027-01-01', note: 'Holidays' }] };
    const put = await ana.client.put(path(ana.user.id), capacity);
    expect(put.status).toBe(200);
    const expected = { teamId, userId: ana.user.id, hoursPerDay: 7.5, workingDays: [1, 2, 3, 4, 5], daysOff: [{ from: '2026-12-24', to: '2027-01-01', note: 'Holidays' }] };
    expect(put.body).toEqual(expected);
    for (const reader of [ana, owner, admin]) expect((await reader.client.get(path(ana.user.id))).body).toEqual(expected);
  });

  it('[capacity] the owner and an admin set another member’s; a plain member can neither read nor set someone else’s (403)', async () => {
    expect((await admin.client.put(path(ben.user.id), { hoursPerDay: 6 })).status).toBe(200);
    expect((await owner.client.put(path(admin.user.id), { hoursPerDay: 4, workingDays: [1, 2, 3] })).status).toBe(200);
    const read = await ben.client.get(path(ana.user.id));
    expect(read.status).toBe(403);
    expect(read.body.message).toMatch(/owner or an admin/);
    const write = await ben.client.put(path(ana.user.id), { hoursPerDay: 1 });
    expect(write.status).toBe(403);
    expect((await ana.client.get(path(ana.user.id))).body.hoursPerDay).toBe(7.5);
    expect((await ben.client.get(path(ben.user.id))).body).toMatchObject({ hoursPerDay: 6, workingDays: null, daysOff: [] });
  });

  it('[capacity] someone outside the team is told the team is not found; a person outside it, that they are not a member', async () => {
    const stranger = await registeredClient(server);
    expect((await stranger.client.get(path(ana.user.id))).status).toBe(404);
    expect((await stranger.client.put(path(stranger.user.id), { hoursPerDay: 8 })).body.message).toBe('Team not found');
    const notMember = await owner.client.put(path(stranger.user.id), { hoursPerDay: 8 });
    expect(notMember.status).toBe(404);
    expect(notMember.body.message).toBe('That person is not a member of this team');
    expect(await storedRows(stranger.user.id)).toEqual([]);
    expect((await owner.client.get(`/api/teams/${teamId}/members/not-a-uuid/capacity`)).status).toBe(404);
  });

  it.each([
    [{ hoursPerDay: 0.4 }, 'Hours per day must be a number from 0.5 to 24'],
    [{ hoursPerDay: 24.5 }, 'Hours per day must be a number from 0.5 to 24'],
    [{ hoursPerDay: 'x' }, 'Hours per day must be a number from 0.5 to 24'],
    [{ workingDays: [0, 1] }, 'Working days are ISO weekday numbers from 1 (Monday) to 7 (Sunday)'],
    [{ workingDays: [8] }, 'Working days are ISO weekday numbers from 1 (Monday) to 7 (Sunday)'],
    [{ workingDays: [] }, 'At least one weekday must be a working day'],
    [{ daysOff: [{ from: '2027-01-05', to: '2027-01-04' }] }, 'Days off cannot end before they start'],
    [{ daysOff: [{ from: '2027-01-01', to: '2029-01-01' }] }, 'Days off can span at most 2 years'],
    [{ daysOff: [{ from: '2027-02-30', to: '2027-03-01' }] }, undefined],
  ])('[capacity] bad input %j: 400 with a message, nothing stored', async (body, message) => {
    const before = await storedRows(ana.user.id);
    const res = await ana.client.put(path(ana.user.id), body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
    expect(await storedRows(ana.user.id)).toEqual(before);
  });

  it('[capacity] a change is told to the team at once, with ids only (no days off, no notes)', async () => {
    const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: ben.client.cookieHeader } });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const heard: unknown[] = [];
    socket.on('capacity:updated', (payload: unknown) => heard.push(payload));
    expect((await ana.client.put(path(ana.user.id), { hoursPerDay: 7.5, daysOff: [{ from: '2027-03-01', to: '2027-03-05', note: 'Private' }] })).status).toBe(200);
    await eventually(() => heard, (h) => h.length === 1, 5000);
    expect(heard).toEqual([{ teamId, userId: ana.user.id }]);
  });

  it('[capacity] a member who leaves the team takes their capacity with them', async () => {
    const leaver = await joinedMember(server, owner.client, teamId);
    expect((await leaver.client.put(path(leaver.user.id), { hoursPerDay: 5 })).status).toBe(200);
    expect(await storedRows(leaver.user.id)).toHaveLength(1);
    expect((await owner.client.request('DELETE', `/api/teams/${teamId}/members/${leaver.user.id}`)).status).toBe(204);
    expect(await storedRows(leaver.user.id)).toEqual([]);
    expect((await owner.client.get(path(leaver.user.id))).status).toBe(404);
  });

  it('[capacity] concurrent settings of one person’s capacity: each answered, and one of them stored whole', async () => {
    const bodies = [4, 5, 6, 7, 8].map((h) => ({ hoursPerDay: h, workingDays: [h % 7 + 1] }));
    const answers = await Promise.all(bodies.map((b, i) => (i % 2 ? owner : admin).client.put(path(ben.user.id), b)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const stored = (await ben.client.get(path(ben.user.id))).body as { hoursPerDay: number; workingDays: number[] };
    expect(bodies.map((b) => [b.hoursPerDay, b.workingDays])).toContainEqual([stored.hoursPerDay, stored.workingDays]);
  });

  it('[capacity] a note with a lone surrogate is stored well-formed, not a 500', async () => {
    const res = await ana.client.put(path(ana.user.id), { daysOff: [{ from: '2027-04-01', to: '2027-04-02', note: 'Trip \ud800' }] });
    expect(res.status).toBe(200);
    expect(res.body.daysOff).toEqual([{ from: '2027-04-01', to: '2027-04-02', note: 'Trip \ufffd' }]);
  });
});
