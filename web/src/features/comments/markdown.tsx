import { Fragment, type ReactNode } from 'react';

/*
 * Light markdown for comments (issue 38), rendered to React elements, never to HTML: whatever the text holds
 * (tags, scripts, entities) is shown as the characters it is. Bold (**x**), italics (*x* or _x_), `code`, fenced
 * ``` blocks, links ([text](url) and bare http(s) addresses; only http, https and mailto are made links), and
 * "- " or "1. " lists.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address when it is one a link may open (http, https, mailto), else null: javascript: and the like stay text. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

type Inline = { kind: 'code' | 'bold' | 'italic' | 'link' | 'url'; index: number; length: number; text: string; href?: string };

const INLINE: { kind: Inline['kind']; pattern: RegExp }[] = [
  { kind: 'code', pattern: /`([^`\n]+)`/g },
  { kind: 'link', pattern: /\[([^\]\n]+)\]\(([^)\s]+)\)/g },
  { kind: 'bold', pattern: /\*\*(?=\S)([^\n]*?\S)\*\*/g },
  { kind: 'italic', pattern: /\*(?=[^\s*])([^*\n]*?[^\s*])\*|(?<![\p{L}\p{N}])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}])/gu },
  { kind: 'url', pattern: /\b(?:https?:\/\/|mailto:)[^\s<>]*[^\s<>.,:;!?"')\]]/g },
];

/**
 * The earliest mark at or after `from`. Each pattern's next match is kept in `ahead` and looked for again only once
 * the text before it was taken: running every pattern on every rest of the line made a 10,000-character comment of
 * "`a`" pairs before an unclosed "[a](" run cost seconds of the reader's page (each pass rescanned the whole tail).
 */
function firstInline(text: string, from: number, ahead: (RegExpExecArray | null | undefined)[]): Inline | null {
  let best: Inline | null = null;
  INLINE.forEach(({ kind, pattern }, i) => {
    let m = ahead[i];
    if (m === undefined || (m && m.index < from)) {
      pattern.lastIndex = from;
      m = ahead[i] = pattern.exec(text);
    }
    if (!m || (best && m.index >= best.index)) return;
    best = { kind, index: m.index, length: m[0].length, text: kind === 'url' ? m[0] : (m[1] ?? m[2] ?? ''), href: kind === 'link' ? m[2] : kind === 'url' ? m[0] : undefined };
  });
  return best;
}

function link(href: string, children: ReactNode, key: number): ReactNode {
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer" className="break-words text-blue-700 underline hover:text-blue-900">
      {children}
    </a>
  );
}

/** One line's inline marks, as React nodes. */
export function renderInline(text: string, inLink = false): ReactNode[] {
  const nodes: ReactNode[] = [];
  const ahead: (RegExpExecArray | null | undefined)[] = [];
  let at = 0;
  let key = 0;
  while (at < text.length) {
    const found = firstInline(text, at, ahead);
    const mark = found && inLink && (found.kind === 'link' || found.kind === 'url') ? null : found;
    if (!mark) {
      nodes.push(text.slice(at));
      break;
    }
    if (mark.index > at) nodes.push(text.slice(at, mark.index));
    const whole = text.slice(mark.index, mark.index + mark.length);
    key += 1;
    if (mark.kind === 'code') {
      nodes.push(
        <code key={key} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-900">
          {mark.text}
        </code>,
      );
    } else if (mark.kind === 'bold') {
      nodes.push(<strong key={key}>{renderInline(mark.text, inLink)}</strong>);
    } else if (mark.kind === 'italic') {
      nodes.push(<em key={key}>{renderInline(mark.text, inLink)}</em>);
    } else {
      const href = safeHref(mark.href!);
      nodes.push(href ? link(href, mark.kind === 'link' ? renderInline(mark.text, true) : mark.text, key) : whole);
    }
    at = mark.index + mark.length;
  }
  return nodes;
}

type Block =
  | { kind: 'code'; text: string }
  | { kind: 'ul' | 'ol'; items: string[]; start: number }
  | { kind: 'p'; lines: string[] };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;

/** The text's blocks: fenced code, lists and paragraphs (a blank line ends one). */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !/^\s*```\s*$/.test(lines[i]!)) code.push(lines[i++]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const last = blocks[blocks.length - 1];
    if (bullet) {
      if (last?.kind === 'ul') last.items.push(bullet[1]!);
      else blocks.push({ kind: 'ul', items: [bullet[1]!], start: 1 });
    } else if (numbered) {
      if (last?.kind === 'ol') last.items.push(numbered[2]!);
      else blocks.push({ kind: 'ol', items: [numbered[2]!], start: Number(numbered[1]) });
    } else if (line.trim() === '') {
      blocks.push({ kind: 'p', lines: [] });
    } else if (last?.kind === 'p' && last.lines.length > 0) {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'p', lines: [line] });
    }
  }
  return blocks.filter((b) => b.kind !== 'p' || b.lines.length > 0);
}

/** A comment's text as elements: every character the person wrote is shown, none is run. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-2 break-words">
      {markdownBlocks(text).map((block, i) => {
        if (block.kind === 'code') {
          return (
            <pre key={i} className="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-900">
              <code>{block.text}</code>
            </pre>
          );
        }
        if (block.kind !== 'p') {
          const items = block.items.map((item, j) => <li key={j}>{renderInline(item)}</li>);
          return block.kind === 'ul' ? (
            <ul key={i} className="list-disc space-y-0.5 pl-5">
              {items}
            </ul>
          ) : (
            <ol key={i} start={block.start} className="list-decimal space-y-0.5 pl-5">
              {items}
            </ol>
          );
        }
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {renderInline(line)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
