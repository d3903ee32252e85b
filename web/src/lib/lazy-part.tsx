import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * [lazy-parts] Parts of the workspace its first screen does not show (a dialog, the team chat, the dashboard), each
 * in a chunk of its own that is asked for when the part is first shown. The workspace's own code is fetched, parsed
 * and evaluated before the chart is live, while a person may already be dragging the first screen's picture
 * (issue 35): code it does not need then is code in their way.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPart(props: P) {
    return createElement(Suspense, { fallback }, createElement(Lazy as ComponentType<P>, props));
  }
  return LazyPart;
}

/**
 * A part the page keeps rendered while hidden (a dialog with `open` false), as `lazyPart`: rendered from the first
 * time `shown(props)` holds, and kept from then on, so that it closes, reopens and keeps its state as before.
 * Until then nothing is rendered, and its code is not asked for.
 */
export function lazyOnceShown<P extends object>(load: () => Promise<ComponentType<P>>, shown: (props: P) => boolean): ComponentType<P> {
  const Part = lazyPart(load);
  function LazyOnceShown(props: P) {
    const [wasShown, setWasShown] = useState(false);
    const show = wasShown || shown(props);
    // Noted during render (React's pattern for state derived from props): the next render keeps it.
    if (show && !wasShown) setWasShown(true);
    return show ? createElement(Part, props) : null;
  }
  return LazyOnceShown;
}

/** `lazyOnceShown` for a dialog controlled by `open`. */
export const lazyDialog = <P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> => lazyOnceShown(load, (props) => props.open);
