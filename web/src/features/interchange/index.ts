/** Import from a file (issue 37): MS Project XML, CSV and Excel, previewed and stored as one edit. */
export type { ImportProjectDialogProps } from './components/import-project-dialog';
export { importFormatOf } from './import.api';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadImportProjectDialog = () => import('./components/import-project-dialog').then((m) => m.ImportProjectDialog);
