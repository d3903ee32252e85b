import { displayName } from '@planline/domain';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { insertMention, mentionAtCaret, mentionedIds, mentionMatches, type MentionPerson } from './mentions';

interface CommentComposerProps {
  label: string;
  people: readonly MentionPerson[];
  initialText?: string;
  initialMentions?: readonly MentionPerson[];
  submitLabel: string;
  pending: boolean;
  /** Resolves true once stored (the text is then cleared), false when refused (the text stays to fix). */
  onSubmit: (input: { body: string; mentionedUserIds: string[] }) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * The comment box: Ctrl/⌘+Enter posts; "@" offers the project's people (arrows, Enter or Tab to pick, Escape to
 * close). A picked person is mentioned while their "@Name" stays in the text.
 */
export function CommentComposer({ label, people, initialText = '', initialMentions = [], submitLabel, pending, onSubmit, onCancel, autoFocus }: CommentComposerProps) {
  const baseId = useId();
  const [text, setText] = useState(initialText);
  const [picked, setPicked] = useState<MentionPerson[]>([...initialMentions]);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const matches = mention ? mentionMatches(people, mention.query) : [];
  const open = matches.length > 0;
  const optionId = (i: number) => `${baseId}-person-${i}`;

  const follow = (value: string, caret: number) => {
    const next = mentionAtCaret(value, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  };

  const pick = (person: MentionPerson) => {
    const el = area.current;
    if (!el || !mention) return;
    const { text: value, caret } = insertMention(text, mention.start, el.selectionStart, person);
    setText(value);
    setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    setMention(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(caret, caret);
    });
  };

  const submit = async () => {
    if (!text.trim() || pending) return;
    if (await onSubmit({ body: text, mentionedUserIds: mentionedIds(text, picked) })) {
      setText('');
      setPicked([]);
      setMention(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : -1) + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[Math.min(active, matches.length - 1)]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only, not the dialog around it.
        event.preventDefault();
        event.stopPropagation();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${baseId}-text`} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <textarea
          id={`${baseId}-text`}
          ref={area}
          value={text}
          rows={3}
          autoFocus={autoFocus}
          placeholder="Write a comment… @ to mention someone"
          aria-describedby={`${baseId}-hint`}
          aria-autocomplete="list"
          aria-controls={open ? `${baseId}-people` : undefined}
          aria-activedescendant={open ? optionId(Math.min(active, matches.length - 1)) : undefined}
          onChange={(event) => {
            setText(event.target.value);
            follow(event.target.value, event.target.selectionStart);
          }}
          onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
          onBlur={() => setMention(null)}
          onKeyDown={onKeyDown}
          className="block w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none sm:text-sm"
        />
        {open ? (
          <ul
            id={`${baseId}-people`}
            role="listbox"
            aria-label="People to mention"
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-56 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {matches.map((person, i) => (
              <li
                key={person.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the text box (a blur would close the list before the click lands).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
                className={cn('cursor-pointer px-3 py-2 text-sm', i === active ? 'bg-blue-50 text-blue-900' : 'text-slate-800 hover:bg-slate-50')}
              >
                <span className="font-medium">{displayName(person)}</span>
                <span className="ml-2 text-xs text-slate-600">{person.email}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${baseId}-hint`} className="text-xs text-slate-600">
          **bold**, *italics*, `code`, lists and links. Ctrl/⌘+Enter to {submitLabel.toLowerCase()}.
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={pending || !text.trim()}>
            {pending ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
