/**
 * The first screen of a signed-in person's first visit, rendered on the server (issue 18: a chart before the app's
 * code has arrived). The API (api/src/http/first-screen-render.ts) calls renderFirstScreen with the page's bootstrap
 * and the task list of the project it opens; the markup is the workspace as its first render in the browser draws
 * it (the same components, the list shown as a first visit shows it before the document comes), put in the page
 * as a picture: nothing in it responds, and src/first-screen.ts takes it away once the live chart has painted, as
 * it does a return visit's picture. Built by `npm run build` into the web build's .server folder, with everything
 * it imports bundled in.
 */
import { dayWidth, nameColumnWidth, tasksSpan } from '@planline/domain';
import type { FirstScreenInput } from '@planline/domain/first-screen';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { seedReads } from './app/bootstrap';
import { preloadWorkspacePage } from './app/route-tables';
import { TooltipProvider } from './components/ui/tooltip';
import { pictureConnection, pictureState } from './features/gantt/connection/picture-connection';
import { plainFromTaskList } from './features/gantt/connection/server-snapshot';
import { ServerPictureContext } from './features/gantt/model/server-picture';
import type { TasksState } from './features/gantt/model/tasks-store';
import { centreScrollLeft, shownTimeline, useTimelineView } from './features/gantt/model/timeline-view.store';
import { CHART_HEIGHT_SHARE, CHART_MAX_HEIGHT_PX } from './features/gantt/components/layout';
import { PHONE_MAX_WIDTH_PX } from './lib/use-media-query';
import { picturedHtml, SERVER_PICTURE_ATTRS } from './lib/first-screen';
import { ServerTodayContext } from './lib/use-today';

/**
 * The chart's state of the list drawn last, by the list itself: the API passes the list it keeps per version of a
 * project's tasks (api/src/features/tasks/task-list-cache.ts), so every first visit to a project draws from it until
 * its tasks change. Working it out is most of a drawing's time (100,000 tasks: ~0.15 s of ~0.18 s), all of it on
 * the server's event loop. One list: the state of a 100,000-task project holds tens of megabytes.
 */
let lastDrawn: { tasks: readonly unknown[]; shown: TasksState } | null = null;

function shownOf(tasks: unknown): TasksState | null {
  if (lastDrawn && lastDrawn.tasks === tasks) return lastDrawn.shown;
  const plain = plainFromTaskList(tasks);
  if (!plain) return null;
  const shown = pictureState(plain);
  lastDrawn = { tasks: tasks as readonly unknown[], shown };
  return shown;
}

/** Loads the workspace's code (a chunk of its own in the browser) before the first render. */
export const ready: Promise<void> = preloadWorkspacePage();

/**
 * The picture's markup (its wrapper included), or null when there is none to draw: a phone's window (its layout is
 * not the one drawn here), or a project the workspace would not open first.
 */
export function renderFirstScreen(input: FirstScreenInput): string | null {
  const { bootstrap, projectId, today, viewport, chartWidth } = input;
  if (viewport.width <= PHONE_MAX_WIDTH_PX || chartWidth <= 0) return null;
  const user = bootstrap.user as { id?: unknown } | undefined;
  if (typeof user?.id !== 'string') return null;
  const chart = shownOf(input.tasks);
  if (!chart) return null;

  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (!seedReads(queryClient, bootstrap)) return null;
  const picture = {
    connection: pictureConnection(projectId, user.id, chart, input.readOnly),
    chartWidth,
    chartHeight: Math.min(viewport.height * CHART_HEIGHT_SHARE, CHART_MAX_HEIGHT_PX),
  };
  // Stores are read at their initial state on the server (useSyncExternalStore's server snapshot): the workspace
  // opens its default project, as a device that has chosen none does. When that is not `projectId`, nothing is
  // drawn (the painter would not show it either: src/first-screen.ts).
  let html: string;
  try {
    html = renderToString(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          <MemoryRouter initialEntries={['/']}>
            <ServerTodayContext.Provider value={today}>
              <ServerPictureContext.Provider value={picture}>
                <AppRoutes />
              </ServerPictureContext.Provider>
            </ServerTodayContext.Provider>
          </MemoryRouter>
        </TooltipProvider>
      </QueryClientProvider>,
    );
  } finally {
    queryClient.clear();
  }
  if (!html.includes(' data-task-bar=')) return null;

  // The chart opens with today in the middle (timeline-chart.tsx): the page's painter scrolls the picture there.
  const rowsWidth = Math.max(0, chartWidth - nameColumnWidth(chartWidth));
  const plan = tasksSpan(picture.connection.tasks.getState().tasks.values());
  const { range, zoom } = shownTimeline(useTimelineView.getInitialState(), today, rowsWidth, plan);
  const scrollLeft = Math.round(centreScrollLeft(range, today, dayWidth(zoom), rowsWidth));
  const attrs = SERVER_PICTURE_ATTRS;
  // Shown as the page is read, in the window it was drawn for (a window of another width shows no picture: the
  // chart would be laid out otherwise); the painter takes it away where anything else differs. A chart that
  // opens scrolled waits for the painter to scroll it (src/first-screen.ts).
  const shown = `@media not all and (min-width: ${viewport.width}px) and (max-width: ${viewport.width}px) { #first-screen { display: none } }`;
  return (
    `<div id="first-screen" aria-hidden="true" inert ${attrs.project}="${projectId}" ${attrs.chartWidth}="${chartWidth}" ` +
    `${attrs.today}="${today}" ${attrs.scrollLeft}="${scrollLeft}" class="bg-slate-50" ` +
    `style="position:absolute;top:0;left:0;right:0;min-height:100vh;z-index:60${scrollLeft > 0 ? ';visibility:hidden' : ''}">` +
    `<style>${shown}</style>${picturedHtml(html)}</div>`
  );
}
