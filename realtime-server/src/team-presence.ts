import { rooms } from '@planline/domain';
import type { RealtimeIo } from './socket-server.js';
import type { RealtimeLogger } from './types.js';

const TEAM_ROOM = /^team:([0-9a-f-]{36})$/;
/** Joins and leaves of one team within this long are told as one change (a reconnect, a page load's sockets). */
export const PRESENCE_SETTLE_MS = 50;

/**
 * Who of a team has the app open (issue 38's chat): the people with a socket in its room. Only the server puts sockets
 * into team rooms, after the membership check (roomsFor, joinRooms), and takes them out when a member is removed, so
 * the room is exactly the team's members who are online.
 */
export async function onlineInRoom(io: RealtimeIo, room: string): Promise<string[]> {
  // In scaled mode the adapter asks every process for its sockets in the room.
  const sockets = await io.in(room).fetchSockets();
  return [...new Set(sockets.map((s) => s.data.userId).filter((id): id is string => typeof id === 'string'))].sort();
}

/**
 * Tells a team's room `chat:presence` when the set of its people online changes: a person's first socket joined or
 * their last one left (closed, signed out, or taken out on removal). Runs on every process that serves sockets; it
 * watches the joins and leaves of its own sockets and reads the whole room through the adapter, so in scaled mode the
 * change is told by the process where it happened, to every process's sockets. One process alone remembers what it
 * told last and keeps quiet when nothing changed (a second tab); in scaled mode another process may have told a
 * change since, so every join or leave of a team room is told.
 */
export function watchTeamPresence(io: RealtimeIo, logger: RealtimeLogger, scaled: boolean): () => void {
  const adapter = io.of('/').adapter;
  const pending = new Map<string, NodeJS.Timeout>();
  const lastTold = new Map<string, string>();

  const tell = (teamId: string) => {
    pending.delete(teamId);
    onlineInRoom(io, rooms.team(teamId))
      .then((online) => {
        const key = online.join(',');
        if (!scaled && lastTold.get(teamId) === key) return;
        if (online.length) lastTold.set(teamId, key);
        else lastTold.delete(teamId);
        io.to(rooms.team(teamId)).emit('chat:presence', { teamId, online });
      })
      .catch((err: unknown) => logger.warn({ err, teamId }, 'reading who is online failed'));
  };
  const changed = (room: string) => {
    const teamId = TEAM_ROOM.exec(room)?.[1];
    if (!teamId || pending.has(teamId)) return;
    const timer = setTimeout(() => tell(teamId), PRESENCE_SETTLE_MS);
    timer.unref();
    pending.set(teamId, timer);
  };
  adapter.on('join-room', changed);
  adapter.on('leave-room', changed);
  return () => {
    adapter.off('join-room', changed);
    adapter.off('leave-room', changed);
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
  };
}
