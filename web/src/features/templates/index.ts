/** Project templates (issue 37): the gallery behind "New project → From a template", and "Save as template". */

// [lazy-parts] Parts no first screen shows, given as their code's loaders (lib/lazy-part.tsx): a page asks for
// them when one is first shown. Not exported as components too: the page imports this index, and would then
// have their code with its own.
export const loadSaveAsTemplateDialog = () => import('./components/save-as-template-dialog').then((m) => m.SaveAsTemplateDialog);
export const loadTemplateGalleryDialog = () => import('./components/template-gallery-dialog').then((m) => m.TemplateGalleryDialog);
