/** The task grid (issue 39): what other features use of it. */
export { cacheRemovedField, cacheSavedField } from './custom-fields.api';
export { CustomFieldsDialog } from './custom-fields-dialog';
export { customFieldsKey, useCustomFields } from './custom-fields.queries';
