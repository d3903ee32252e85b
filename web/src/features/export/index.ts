/** Project export (PRODUCT-SPEC §2 "Export Project dialog", §7 export calls). */
export { ExportProjectDialog, type ExportProjectDialogProps } from './components/export-project-dialog';
