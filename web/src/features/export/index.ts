/** Project export (PRODUCT-SPEC §2 "Export Project dialog", §7 export calls). */
export type { ExportProjectDialogProps } from './components/export-project-dialog';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadExportProjectDialog = () => import('./components/export-project-dialog').then((m) => m.ExportProjectDialog);
