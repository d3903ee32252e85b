import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const page = (Page: ReturnType<typeof lazyPage>) => renderToString(createElement(Suspense, { fallback: 'Loading' }, createElement(Page)));

describe('lazyPage', () => {
  it('suspends like React.lazy until loaded, and renders at once once preloaded', async () => {
    const Page = lazyPage(async () => () => createElement('p', null, 'Workspace'));
    expect(page(Page)).toContain('Loading');
    await Page.preload();
    expect(page(Page)).toContain('Workspace');
    expect(page(Page)).not.toContain('Loading');
  });
});
