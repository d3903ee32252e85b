/** The AI Task Creator (PRODUCT-SPEC §2, §7 POST /api/tasks/ai-create). */
export { AiTaskCreatorDialog, type AiTaskCreatorDialogProps } from './components/ai-task-creator-dialog';
