import { displayName, type ChatMessage, type TeamMember } from '@planline/domain';
import { format, isToday, parseISO } from 'date-fns';
import { MessagesSquare, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorStatus, serverMessage } from '../../../lib/api-error';
import { UserAvatar } from '../../shell';
import { useTeamMembers } from '../../teams';
import { oldestFirst } from '../chat-cache';
import { useChatPages, useChatPresence } from '../chat.queries';
import { ChatComposer } from './chat-composer';
import { ChatMessageText } from './chat-message-text';
import { OnlinePeople } from './online-people';

/** Near the top by this much, the next older page is read. */
const LOAD_OLDER_WITHIN_PX = 120;
/** Near the bottom by this much, a new message keeps the list at the bottom. */
const STICK_TO_BOTTOM_PX = 80;

/**
 * The team's chat (issue 38): a side panel on a desktop, the whole screen on a phone. Newest at the bottom; scrolling
 * up reads older pages and keeps what is on screen where it was. Live through the socket's chat events.
 */
export function ChatPanel({ team, onClose }: { team: { id: string; name: string }; onClose: () => void }) {
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const members = useTeamMembers(team.id);
  const presence = useChatPresence(team.id);

  useEffect(() => {
    // Back to where the person was (the rail's button) when the panel closes.
    const opener = document.activeElement as HTMLElement | null;
    inputRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <aside
      aria-labelledby="team-chat-title"
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-40 flex flex-col bg-white sm:inset-auto sm:top-16 sm:right-0 sm:bottom-0 sm:z-20 sm:w-96 sm:border-l sm:border-slate-200 sm:shadow-xl"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <MessagesSquare aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-700" />
        <div className="min-w-0 flex-1">
          <h2 id="team-chat-title" className="truncate text-base font-semibold text-slate-900">
            Team chat <span className="font-normal text-slate-600">· {team.name}</span>
          </h2>
          <OnlinePeople members={members.data ?? []} online={presence.data?.online ?? []} />
        </div>
        <button
          type="button"
          aria-label="Close team chat"
          onClick={onClose}
          className="inline-flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </header>
      <ChatMessages teamId={team.id} members={members.data ?? []} onOpenTask={() => {
        // On a phone the panel covers the chart the task opens in.
        if (window.matchMedia('(max-width: 639px)').matches) onClose();
      }} />
      <ChatComposer teamId={team.id} members={members.data ?? []} inputRef={inputRef} />
    </aside>
  );
}

function ChatMessages({ teamId, members, onOpenTask }: { teamId: string; members: TeamMember[]; onOpenTask: () => void }) {
  const pages = useChatPages(teamId);
  const scroller = useRef<HTMLDivElement | null>(null);
  const messages = oldestFirst(pages.data);
  const oldest = messages[0]?.id;
  const newest = messages.at(-1)?.id;
  // What the list looked like before a change: to keep the view still when older messages come in above it.
  const before = useRef<{ oldest: string | undefined; height: number; top: number; nearBottom: boolean }>({ oldest: undefined, height: 0, top: 0, nearBottom: true });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const was = before.current;
    if (was.oldest !== undefined && oldest !== was.oldest && messages.length) {
      // Older messages were put on top: keep the ones on screen where they were.
      el.scrollTop = was.top + (el.scrollHeight - was.height);
    } else if (was.nearBottom) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { oldest, height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX };
    // Runs when the first or last message changes (a page above, or a new message below).
  }, [oldest, newest]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    before.current = { oldest, height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX };
    if (el.scrollTop < LOAD_OLDER_WITHIN_PX && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  if (pages.isPending) return <div className="flex-1"><LoadingBlock label="Loading messages" /></div>;
  if (pages.isError && !pages.data) {
    const gone = errorStatus(pages.error) === 404 || errorStatus(pages.error) === 403;
    return (
      <div className="flex-1 p-4">
        <ErrorBlock
          message={gone ? 'You are no longer a member of this team, so its chat is closed.' : (serverMessage(pages.error) ?? "We couldn't load the messages.")}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
        />
      </div>
    );
  }

  const byId = new Map(members.map((m) => [m.userId, m]));
  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
      {pages.isFetchingNextPage ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading older messages" className="[&_svg]:h-5 [&_svg]:w-5" />
        </div>
      ) : null}
      {pages.hasNextPage && !pages.isFetchingNextPage ? (
        <p className="py-2 text-center text-xs text-slate-600">
          <button type="button" className="cursor-pointer underline" onClick={() => void pages.fetchNextPage()}>
            Load older messages
          </button>
        </p>
      ) : null}
      {pages.isFetchNextPageError ? (
        <p role="alert" className="py-2 text-center text-sm text-red-700">
          Older messages did not load.{' '}
          <button type="button" className="cursor-pointer underline" onClick={() => void pages.fetchNextPage()}>
            Try again
          </button>
        </p>
      ) : null}
      {/* A log: screen readers read out messages as they arrive (the list inside keeps its list semantics). */}
      <div role="log" aria-label="Messages" className={messages.length === 0 ? 'h-full' : undefined}>
        {messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 py-12 text-center">
            <MessagesSquare aria-hidden="true" className="h-8 w-8 text-slate-400" />
            <p className="text-sm font-medium text-slate-800">No messages yet</p>
            <p className="text-sm text-slate-600">Say hello to the team. Use @ to mention someone and # to point at a task.</p>
          </div>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} member={message.author ? byId.get(message.author.id) : undefined} onOpenTask={onOpenTask} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function MessageItem({ message, member, onOpenTask }: { message: ChatMessage; member: TeamMember | undefined; onOpenTask: () => void }) {
  const author = message.author;
  const name = author ? displayName({ ...author, email: member?.user.email ?? '' }) : 'Deleted user';
  const at = parseISO(message.createdAt);
  return (
    <li className="flex gap-2">
      <UserAvatar user={{ firstName: author?.firstName ?? '?', lastName: author?.lastName ?? '', email: '', profileImageUrl: author?.profileImageUrl ?? null }} className="mt-0.5 h-8 w-8" />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2">
          <span className="truncate text-sm font-semibold text-slate-900">{name}</span>
          <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-600">
            {isToday(at) ? format(at, 'HH:mm') : format(at, 'MMM d, HH:mm')}
          </time>
        </p>
        <ChatMessageText message={message} onOpenTask={onOpenTask} />
      </div>
    </li>
  );
}
