import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page component in a chunk of its own, that can also be loaded ahead of the first render. */
export type LazyPage<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A page in a chunk of its own, as React.lazy makes it, that renders at once when its chunk was preloaded. The
 * first render of a React.lazy component suspends even when its chunk is already in, and the render after the
 * suspense is a retry: interruptible, and restarted by every store update that lands meanwhile. At a first visit
 * the workspace rendered 9 times over ~250 ms without committing while its reads and its document came in, so its
 * chart showed nothing for that long (issue 18).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(async () => ({ default: (loaded = await load()) }));
  function Page(props: P) {
    // Chosen once per mount: a page that mounted lazily stays the same component when its chunk has come.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Page.preload = async () => {
    loaded = await load();
  };
  return Page;
}
