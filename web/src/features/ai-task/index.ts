/** The AI Task Creator (PRODUCT-SPEC §2, §7 POST /api/tasks/ai-create). */
export type { AiTaskCreatorDialogProps } from './components/ai-task-creator-dialog';

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadAiTaskCreatorDialog = () => import('./components/ai-task-creator-dialog').then((m) => m.AiTaskCreatorDialog);
