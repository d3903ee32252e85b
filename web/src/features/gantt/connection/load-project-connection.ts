/**
 * The document's code (Yjs, the provider) as a chunk of its own, loaded on demand: the workspace's first reads
 * start it early (workspace-prefetch.ts) without putting it in the entry chunk.
 */
export const loadProjectConnection = () => import('./project-connection');
