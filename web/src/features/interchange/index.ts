/** Import from a file (issue 37): MS Project XML, CSV and Excel, previewed and stored as one edit. */
export { ImportProjectDialog, type ImportProjectDialogProps } from './components/import-project-dialog';
export { importFormatOf } from './import.api';
