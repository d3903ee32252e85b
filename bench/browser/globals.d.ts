/** Style sheets imported for their side effect; esbuild bundles them into the page's CSS. */
declare module '*.css';

/** frappe-gantt ships no types: the part of its API the benchmark page uses. */
declare module 'frappe-gantt' {
  interface FrappeTask {
    id: string;
    name: string;
    start: string;
    end: string;
    progress: number;
    dependencies?: string;
  }
  export default class Gantt {
    constructor(wrapper: string | HTMLElement, tasks: FrappeTask[], options?: Record<string, unknown>);
  }
}
