import type { Comment, CommentPage } from '@planline/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { commentWithMove, countedComments, withComment, type CommentThread } from './comments.cache';
import { Markdown, safeHref } from './markdown';
import { insertMention, mentionAtCaret, mentionedIds, mentionMatches } from './mentions';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('[comment-markdown] light markdown rendered as elements, never as HTML', () => {
  it('renders bold, italics, code, fenced blocks, lists and links', () => {
    expect(html('**bold** and *it* and _it too_ and `x < y`')).toBe(
      '<div class="space-y-2 break-words"><p><strong>bold</strong> and <em>it</em> and <em>it too</em> and <code class="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-900">x &lt; y</code></p></div>',
    );
    expect(html('```\n<b>raw</b>\n```')).toContain('<pre class="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-900"><code>&lt;b&gt;raw&lt;/b&gt;</code></pre>');
    const lists = html('- one\n- two\n\n3. three\n4. four');
    expect(lists).toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(lists).toMatch(/<ol start="3"[^>]*><li>three<\/li><li>four<\/li><\/ol>/);
    expect(html('[site](https://example.com/a) and https://example.org/b.')).toContain('href="https://example.com/a" target="_blank" rel="noopener noreferrer"');
    expect(html('https://example.org/b.')).toContain('href="https://example.org/b"');
    expect(html('[mail](mailto:a@example.com)')).toContain('href="mailto:a@example.com"');
  });

  it('shows HTML, scripts and unsafe links as the text they are', () => {
    const out = html('<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3)) [y](data:text/html,hi)');
    expect(out).not.toMatch(/<script|<img|href=/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(out).toContain('[x](javascript:alert(3))');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('http://ok.example/')).toBe('http://ok.example/');
  });

  it('leaves a lone asterisk, a snake_case name and arithmetic alone', () => {
    expect(html('2 * 3 * 4 and my_var_name')).toBe('<div class="space-y-2 break-words"><p>2 * 3 * 4 and my_var_name</p></div>');
  });

  it('renders a 10,000-character line built to be slow (1,000 marks before an unclosed link run) in well under a second', () => {
    // Before: every pattern ran again on each rest of the line, the link pattern costing ~12 ms a pass: 12 s frozen.
    const started = performance.now();
    const out = html('`a`'.repeat(1000) + '[a]('.repeat(1750));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out.match(/<code/g)).toHaveLength(1000);
    expect(out).toContain('[a]([a](');
  });

  it('keeps marks after marks, and links after code, as before', () => {
    expect(html('`x` **b** _i_ [l](https://l.example/) https://u.example/p.')).toBe(
      '<div class="space-y-2 break-words"><p><code class="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-900">x</code> <strong>b</strong> <em>i</em> ' +
        '<a href="https://l.example/" target="_blank" rel="noopener noreferrer" class="break-words text-blue-700 underline hover:text-blue-900">l</a> ' +
        '<a href="https://u.example/p" target="_blank" rel="noopener noreferrer" class="break-words text-blue-700 underline hover:text-blue-900">https://u.example/p</a>.</p></div>',
    );
  });
});

const ANA = { id: '7d0c6f5e-64a8-4c5b-9a43-2f5f0c1d8e11', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' };
const CY = { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', firstName: 'Cy', lastName: 'Young', email: 'cy@example.com' };

describe('[comment-mentions] @ autocomplete', () => {
  it('finds the query before the caret, matches names, inserts the name and keeps only mentions still written', () => {
    expect(mentionAtCaret('Hi @si', 6)).toEqual({ start: 3, query: 'si' });
    expect(mentionAtCaret('mail@example', 12)).toBeNull();
    expect(mentionMatches([ANA, CY], 'si')).toEqual([ANA]);
    expect(mentionMatches([ANA, CY], 'y')).toEqual([CY]);
    const inserted = insertMention('Hi @si', 3, 6, ANA);
    expect(inserted).toEqual({ text: 'Hi @Ana Silva ', caret: 14 });
    expect(mentionedIds(`${inserted.text}and @Cy Young`, [ANA, CY])).toEqual([ANA.id, CY.id]);
    expect(mentionedIds('Hi Ana', [ANA])).toEqual([]);
  });
});

const comment = (id: string, body = 'x'): Comment => ({
  id,
  taskId: 't',
  projectId: 'p',
  author: null,
  body,
  mentionedUserIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  deletedAt: null,
});
const thread = (...pages: CommentPage[]): CommentThread => ({ pages, pageParams: pages.map(() => null) });

describe('[comment-cache] live events into a thread', () => {
  it('replaces a known comment, appends a new one only once the last page is read, and never twice', () => {
    const full = thread({ comments: [comment('a')], next: null });
    const added = withComment(full, comment('b'));
    expect(added.pages[0]!.comments.map((c) => c.id)).toEqual(['a', 'b']);
    expect(withComment(added, comment('b')).pages[0]!.comments).toHaveLength(2);
    expect(withComment(added, comment('a', 'edited')).pages[0]!.comments[0]!.body).toBe('edited');
    const partial = thread({ comments: [comment('a')], next: 'cursor' });
    expect(withComment(partial, comment('z'))).toBe(partial);
  });

  it('counts up and down, and forgets a task at zero', () => {
    expect(countedComments({}, 't', 1)).toEqual({ t: 1 });
    expect(countedComments({ t: 1 }, 't', -1)).toEqual({});
  });
});

describe('[comment-with-move] the comment a moved bar\'s note shows', () => {
  it('is the mover\'s comment nearest the move, within ten minutes, not deleted', () => {
    const by = (id: string, name: string, createdAt: string, deletedAt: string | null = null): Comment => ({
      ...comment(id),
      author: { id, firstName: name, lastName: 'X', profileImageUrl: null },
      createdAt,
      deletedAt,
    });
    const name = (c: Comment) => `${c.author!.firstName} ${c.author!.lastName}`;
    const move = { by: 'Ana X', movedAt: '2026-05-01T10:00:00.000Z' };
    const list = [
      by('far', 'Ana', '2026-05-01T10:30:00.000Z'),
      by('other', 'Cy', '2026-05-01T10:00:10.000Z'),
      by('gone', 'Ana', '2026-05-01T10:00:05.000Z', '2026-05-01T11:00:00.000Z'),
      by('near', 'Ana', '2026-05-01T10:01:00.000Z'),
      by('less', 'Ana', '2026-05-01T09:55:00.000Z'),
    ];
    expect(commentWithMove(list, move, name)?.id).toBe('near');
    expect(commentWithMove(list.slice(0, 3), move, name)).toBeNull();
    expect(commentWithMove(list, { ...move, by: null }, name)).toBeNull();
  });
});
