import type { ChatMessage, ChatPage } from '@planline/domain';
import type { InfiniteData } from '@tanstack/react-query';

/** The chat as cached: pages newest first, each newest first; `pageParams` are the cursors they were read with. */
export type ChatPages = InfiniteData<ChatPage, unknown>;

/** A new message (live, or the sender's own answer) at the newest end, once: the event and the answer may both come. */
export function withMessage(data: ChatPages | undefined, message: ChatMessage): ChatPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
}

/** Every cached message, oldest first (as the panel shows them, newest at the bottom). */
export function oldestFirst(data: ChatPages | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const all: ChatMessage[] = [];
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      all.push(message);
    }
  }
  return all.reverse();
}
