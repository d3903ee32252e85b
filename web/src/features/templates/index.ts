/** Project templates (issue 37): the gallery behind "New project → From a template", and "Save as template". */
export { SaveAsTemplateDialog } from './components/save-as-template-dialog';
export { TemplateGalleryDialog } from './components/template-gallery-dialog';
