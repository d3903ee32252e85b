import { CONVERSATION_TEXT_MAX_CHARS, displayName, type TeamMember } from '@planline/domain';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { errorStatus, retryAfterSeconds, serverMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useChatTaskOptions, usePostChatMessage } from '../chat.queries';
import { activeTrigger, applyPick, moveActive, picksInText, tokenOf, type ActiveTrigger, type Pick } from '../composer-tokens';

interface Option {
  pick: Pick;
  /** What the option reads (the project's name too for a task). */
  text: string;
}

/** Most people the @ list shows at once. */
const MENTION_OPTIONS = 8;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; "@" offers the team's members and "#" its tasks by
 * name (arrows move, Enter or Tab picks, Escape closes the list), and the picks become the message's mentions and
 * task references.
 */
export function ChatComposer({ teamId, members, inputRef }: { teamId: string; members: TeamMember[]; inputRef: React.RefObject<HTMLTextAreaElement | null> }) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const post = usePostChatMessage(teamId);
  const listId = useId();
  const hintId = useId();
  const problemId = useId();
  const composing = useRef(false);

  const found = activeTrigger(text, caret);
  // A task picked and written on after ("#Paint the hull and…") is done, not a new search.
  const finished = found !== null && picks.some((p) => text.startsWith(tokenOf(p), found.start) && found.query.length > p.label.length);
  const trigger: ActiveTrigger | null = found && !finished && found.start !== dismissed ? found : null;
  const taskOptions = useChatTaskOptions(teamId, trigger?.kind === 'task' ? trigger.query.trim() : '', trigger?.kind === 'task');

  const options: Option[] =
    trigger?.kind === 'mention'
      ? members
          .filter((m) => displayName(m.user).toLowerCase().includes(trigger.query.toLowerCase()))
          .slice(0, MENTION_OPTIONS)
          .map((m) => ({ pick: { kind: 'mention', id: m.userId, label: displayName(m.user).replace(/\s+/g, '') }, text: displayName(m.user) }))
      : trigger?.kind === 'task'
        ? (taskOptions.data ?? []).map((t) => ({ pick: { kind: 'task', id: t.id, label: t.name }, text: `${t.name} · ${t.projectName}` }))
        : [];
  const listOpen = trigger !== null && (options.length > 0 || trigger.kind === 'task');
  const current = options.length ? Math.min(active, options.length - 1) : -1;

  const choose = (option: Option) => {
    if (!trigger) return;
    const next = applyPick(text, caret, trigger, option.pick);
    setText(next.text);
    setCaret(next.caret);
    setPicks((list) => [...list, option.pick]);
    setActive(0);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const send = () => {
    if (post.isPending) return;
    if (!text.trim()) {
      setProblem('Write a message first.');
      return;
    }
    if (text.length > CONVERSATION_TEXT_MAX_CHARS) {
      setProblem(`A message can be at most ${CONVERSATION_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`);
      return;
    }
    setProblem(null);
    post.mutate(
      { message: text, ...picksInText(text, picks) },
      {
        onSuccess: () => {
          setText('');
          setCaret(0);
          setPicks([]);
        },
        onError: (err) => {
          const wait = retryAfterSeconds(err);
          if (errorStatus(err) === 429) {
            setProblem(serverMessage(err) ?? `You are posting too fast. Wait ${wait ?? 60} s and try again.`);
          } else {
            setProblem(serverMessage(err) ?? 'Your message was not sent. Check your connection and try again.');
          }
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (composing.current || event.nativeEvent.isComposing) return;
    if (listOpen && options.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive(moveActive(current, options.length, event.key === 'ArrowDown' ? 1 : -1));
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(options[current]!);
        return;
      }
    }
    if (listOpen && event.key === 'Escape') {
      // Closes the list only (the panel stays open).
      event.preventDefault();
      event.stopPropagation();
      setDismissed(trigger!.start);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const sync = (el: HTMLTextAreaElement) => {
    setCaret(el.selectionStart ?? el.value.length);
  };

  return (
    <form
      className="relative border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {listOpen ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={trigger.kind === 'mention' ? 'Team members' : 'Tasks'}
          className="absolute right-3 bottom-full left-3 mb-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.length === 0 ? (
            <li role="option" aria-selected="false" aria-disabled="true" className="px-3 py-2 text-sm text-slate-600">
              {taskOptions.isFetching ? 'Searching tasks…' : 'No task of this team matches'}
            </li>
          ) : (
            options.map((option, i) => (
              <li
                key={`${option.pick.kind}-${option.pick.id}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={cn('cursor-pointer truncate px-3 py-2 text-sm text-slate-800', i === current ? 'bg-blue-50 text-blue-900' : 'hover:bg-slate-50')}
              >
                {option.pick.kind === 'mention' ? '@' : '#'}
                {option.text}
              </li>
            ))
          )}
        </ul>
      ) : null}
      <label htmlFor={`${listId}-input`} className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={`${listId}-input`}
          ref={inputRef}
          rows={2}
          value={text}
          role="combobox"
          aria-expanded={listOpen}
          aria-controls={listOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listOpen && current >= 0 ? `${listId}-${current}` : undefined}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          placeholder="Message the team — @ to mention, # for a task"
          onChange={(event) => {
            setText(event.target.value);
            sync(event.target);
            setActive(0);
            if (problem) setProblem(null);
          }}
          onSelect={(event) => sync(event.currentTarget)}
          onKeyDown={onKeyDown}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
          className="min-h-11 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={post.isPending} className="h-11 w-11 shrink-0">
          <Send aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        Enter sends, Shift+Enter adds a line.
      </p>
      {problem ? (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
