import type { ChatMessage } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { oldestFirst, withMessage, type ChatPages } from './chat-cache';

const message = (id: string): ChatMessage => ({
  id,
  teamId: '00000000-0000-4000-8000-000000000001',
  author: null,
  message: `m ${id}`,
  mentionedUserIds: [],
  tasks: [],
  createdAt: '2026-11-29T12:00:00.000Z',
});

describe('chat cache', () => {
  const data: ChatPages = {
    pages: [
      { messages: [message('c'), message('b')], next: 'x' },
      { messages: [message('a')], next: null },
    ],
    pageParams: [null, 'x'],
  };

  it('shows the pages oldest first', () => {
    expect(oldestFirst(data).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('adds a new message at the newest end once, whether the event or the answer comes first', () => {
    const once = withMessage(data, message('d'));
    expect(oldestFirst(once).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(withMessage(once, message('d'))).toBe(once);
    expect(withMessage(undefined, message('d'))).toBeUndefined();
  });
});
