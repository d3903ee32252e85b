import { z } from 'zod';
import { hasVisibleText, wellFormed, withoutNul } from './text.js';
import { textError } from './user.js';

/*
 * Issue 38, talk where the work is: task comments with @mentions, watchers, the inbox, the team chat and the e-mail
 * preferences. The shapes here are the contract between the API, the realtime events and the web.
 */

/** The longest comment or chat message, in characters. */
export const CONVERSATION_TEXT_MAX_CHARS = 10_000;
/** Comments and chat messages one person may post per minute, together; past it a 429. */
export const CONVERSATION_POSTS_PER_MINUTE = 30;
/** Most people one comment or message may mention. */
export const MAX_MENTIONS = 50;
/** Most tasks one chat message may reference. */
export const MAX_TASK_REFERENCES = 20;
/** Page sizes of the comments (oldest first), the chat (newest first, paged up) and the inbox (newest first). */
export const COMMENTS_PAGE_SIZE = 50;
export const CHAT_PAGE_SIZE = 50;
export const NOTIFICATIONS_PAGE_SIZE = 50;

/**
 * Comment and chat text: what the person wrote, kept as written (light markdown is rendered by the web, always as
 * text: HTML in it is shown, never interpreted). Refused: not text, blank, over the limit, a NUL.
 */
export function conversationText(label: string) {
  return z
    .string({ error: textError(label) })
    .refine(hasVisibleText, { error: `${label} cannot be empty`, abort: true })
    .overwrite(wellFormed)
    .max(CONVERSATION_TEXT_MAX_CHARS, `${label} must be at most ${CONVERSATION_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`)
    .refine(...withoutNul(label));
}

const mentionedUserIdsSchema = z
  .array(z.uuid({ error: 'mentionedUserIds must be a list of user ids' }), { error: 'mentionedUserIds must be a list of user ids' })
  .max(MAX_MENTIONS, `A message may mention at most ${MAX_MENTIONS} people`)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** Who wrote a comment or message, or did what a notification tells; null once their account is deleted. */
export const conversationUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type ConversationUser = z.infer<typeof conversationUserSchema>;

/** A task comment. A deleted one stays in the thread as "comment deleted": empty body, no mentions, deletedAt set. */
export const commentSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  projectId: z.uuid(),
  author: conversationUserSchema.nullable(),
  body: z.string(),
  mentionedUserIds: z.array(z.uuid()),
  createdAt: z.string(),
  /** Set when the author changed the body ("edited"). */
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

/** POST /api/tasks/{taskId}/comments. The autocomplete fills mentionedUserIds; the body keeps the names as written. */
export const commentInputSchema = z.object({
  body: conversationText('Comment'),
  mentionedUserIds: mentionedUserIdsSchema.optional().default([]),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

/** PATCH /api/comments/{commentId}: its author only. */
export const commentPatchSchema = commentInputSchema;

/** GET /api/tasks/{taskId}/comments?after=&at=: oldest first; `next` is the cursor of the following page. */
export const commentPageSchema = z.object({ comments: z.array(commentSchema), next: z.string().nullable() });
export type CommentPage = z.infer<typeof commentPageSchema>;

/** GET /api/projects/{projectId}/comment-counts: the tasks that have comments, and how many (not deleted). */
export const commentCountsSchema = z.record(z.uuid(), z.number().int().positive());

export const notificationReasonSchema = z.enum([
  /** Someone mentioned you in a comment or in the team chat. */
  'mention',
  /** Someone commented on a task you watch. */
  'comment',
  /** Someone assigned you to a task. */
  'assigned',
  /** Your task (assigned or watched) was moved, resized or deleted by someone else, or moved by a cascade. */
  'task_changed',
  /** Someone asked to join a team you own or administer. */
  'join_request',
  /** Your request to join a team was approved or denied. */
  'join_answered',
  /** A project you are in was restored to a past moment. */
  'project_restored',
  /** A webhook of a team you administer was turned off after a day of failed deliveries (issue 40). */
  'webhook_disabled',
]);
export type NotificationReason = z.infer<typeof notificationReasonSchema>;

/**
 * One notification. `text` is the sentence the inbox shows ("«Wireframes» moved +3d because «Sitemap» moved"),
 * `excerpt` the start of the comment or message when there is one. `projectId` and `taskId` say what a click
 * opens; both are null (and the text names nothing in it) once the person can no longer see that project.
 */
export const notificationSchema = z.object({
  id: z.uuid(),
  reason: notificationReasonSchema,
  text: z.string(),
  excerpt: z.string().nullable(),
  actor: conversationUserSchema.nullable(),
  teamId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  taskId: z.uuid().nullable(),
  commentId: z.uuid().nullable(),
  read: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const booleanQuery = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');

/** GET /api/notifications?unread=&reason=&projectId=&archived=&before= (newest first; `before` is a cursor). */
export const notificationQuerySchema = z.object({
  unread: booleanQuery('unread').optional(),
  archived: booleanQuery('archived').optional(),
  reason: z.enum(notificationReasonSchema.options, { error: `reason must be one of ${notificationReasonSchema.options.join(', ')}` }).optional(),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  before: z.string().max(200, 'before is not a cursor this inbox gave').optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

/** The inbox page, and how many unread (not archived) notifications the person has in all. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
  next: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** PATCH /api/notifications/{id}. */
export const notificationPatchSchema = z
  .object({ read: z.boolean({ error: 'read must be true or false' }).optional(), archived: z.boolean({ error: 'archived must be true or false' }).optional() })
  .refine((p) => p.read !== undefined || p.archived !== undefined, 'Send read or archived');

/** E-mail per kind: never, at once, or in the daily digest of what is still unread. */
export const emailDeliverySchema = z.enum(['off', 'instant', 'digest'], { error: "Choose 'off', 'instant' or 'digest'" });
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

/** GET/PUT /api/me/notification-settings: mentions, and everything else. */
export const notificationSettingsSchema = z.object({ mentions: emailDeliverySchema, other: emailDeliverySchema });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { mentions: 'instant', other: 'digest' };

/** A task a chat message references: shown as a chip that opens it (only to people who can see its project). */
export const taskReferenceSchema = z.object({ id: z.uuid(), projectId: z.uuid(), name: z.string() });
export type TaskReference = z.infer<typeof taskReferenceSchema>;

/** A team chat message. `tasks` are the referenced tasks the reader can see; the message keeps "#name" as written. */
export const chatMessageSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  author: conversationUserSchema.nullable(),
  message: z.string(),
  mentionedUserIds: z.array(z.uuid()),
  tasks: z.array(taskReferenceSchema),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/teams/{teamId}/chat. */
export const chatInputSchema = z.object({
  message: conversationText('Message'),
  mentionedUserIds: mentionedUserIdsSchema.optional().default([]),
  taskIds: z
    .array(z.uuid({ error: 'taskIds must be a list of task ids' }), { error: 'taskIds must be a list of task ids' })
    .max(MAX_TASK_REFERENCES, `A message may reference at most ${MAX_TASK_REFERENCES} tasks`)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type ChatInput = z.infer<typeof chatInputSchema>;

/** GET /api/teams/{teamId}/chat?before=: newest first, `next` pages further back. */
export const chatPageSchema = z.object({ messages: z.array(chatMessageSchema), next: z.string().nullable() });
export type ChatPage = z.infer<typeof chatPageSchema>;
