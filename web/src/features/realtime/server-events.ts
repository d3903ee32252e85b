import { serverEventSchemas, type ServerEventName, type ServerToClientEvents } from '@planline/domain';

/** One received event, narrowed by its name. */
export type ServerEvent = {
  [E in ServerEventName]: { name: E; payload: Parameters<ServerToClientEvents[E]>[0] };
}[ServerEventName];

export const SERVER_EVENT_NAMES = Object.keys(serverEventSchemas) as ServerEventName[];

/** Checks a payload against the protocol; anything malformed is dropped rather than written into caches. */
export function parseServerEvent(name: ServerEventName, payload: unknown): ServerEvent | null {
  const parsed = serverEventSchemas[name].safeParse(payload);
  return parsed.success ? ({ name, payload: parsed.data } as ServerEvent) : null;
}
