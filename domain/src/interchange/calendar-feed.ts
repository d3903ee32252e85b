import { z } from 'zod';

/**
 * Issue 37, the calendar feed: `POST /api/me/calendar-feed` answers the person's secret subscription address.
 * Only this answer ever carries the token; the server keeps its hash, so a lost link is replaced, never shown again.
 */
export const calendarFeedLinkSchema = z.object({
  url: z.url(),
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;

/** `GET /api/me/calendar-feed`: whether the person has a working link, and since when (never the link itself). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** The feed's events: tasks ending up to this many days ago and everything later (older ones only weigh on polls). */
export const CALENDAR_FEED_PAST_DAYS = 366;
/** At most this many events in one feed: a calendar app polling a huge plan costs one bounded read. */
export const CALENDAR_FEED_MAX_EVENTS = 5000;
