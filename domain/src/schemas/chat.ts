import { z } from 'zod';
import { taskReferenceSchema } from './conversation.js';

/*
 * Issue 38's team chat, beside the contract in conversation.ts: the page's cursor query, who is online when the
 * panel opens, and the # picker's search of the team's tasks.
 */

/** GET /api/teams/{teamId}/chat?before=: `before` is the `next` of the page read before. */
export const chatPageQuerySchema = z.object({
  before: z.string({ error: 'before is not a cursor this chat gave' }).max(200, 'before is not a cursor this chat gave').optional(),
});

/** GET /api/teams/{teamId}/chat/presence: who of the team has the app open (as the `chat:presence` event tells it). */
export const chatPresenceSchema = z.object({ teamId: z.uuid(), online: z.array(z.uuid()) });
export type ChatPresence = z.infer<typeof chatPresenceSchema>;

/** Most tasks one search of the # picker answers. */
export const CHAT_TASK_SEARCH_LIMIT = 10;

/** GET /api/teams/{teamId}/chat/tasks?q=: the team's tasks whose name holds `q` (any case), for the # picker. */
export const chatTaskSearchQuerySchema = z.object({
  q: z.string({ error: 'q must be text' }).max(255, 'q must be at most 255 characters').optional().default(''),
});

/** A task the picker offers, with its project's name to tell tasks of the same name apart. */
export const chatTaskOptionSchema = taskReferenceSchema.extend({ projectName: z.string() });
export type ChatTaskOption = z.infer<typeof chatTaskOptionSchema>;
