import { customColumnId, defaultColumnWidth, GRID_COLUMN_IDS, type GridColumnId } from '@planline/domain';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Columns3 } from 'lucide-react';
import { useState } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { CustomFieldsDialog } from '../custom-fields-dialog';
import { useCustomFields } from '../custom-fields.queries';
import { gridViewOf, gridViewStore } from '../model/grid-view.store';
import { builtInColumnTitle } from './grid-titles';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2.5 py-1.5 text-sm text-slate-900 outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900';

/**
 * [grid-columns] The Columns menu of the chart's toolbar (issue 39): a checkbox per column, built-in and the
 * project's custom fields by name, and "Manage fields…". A column added goes last at its default width; the
 * person's columns are remembered (grid-view-store, persisted per person and project by the view's own work).
 */
export function GridColumnsMenu({ projectId, canEditFields }: { projectId: string; canEditFields: boolean }) {
  const columns = useStore(gridViewStore, (s) => gridViewOf(s, projectId).columns);
  const fields = useCustomFields(projectId).data ?? [];
  const [managing, setManaging] = useState(false);
  const shown = new Set(columns.map((c) => c.id));
  const toggle = (id: GridColumnId) => {
    const next = shown.has(id) ? columns.filter((c) => c.id !== id) : [...columns, { id, width: defaultColumnWidth(id) }];
    // A view shows at least one column.
    if (next.length) gridViewStore.getState().setColumns(projectId, next);
  };
  const item = (id: GridColumnId, label: string) => (
    <DropdownMenu.CheckboxItem
      key={id}
      checked={shown.has(id)}
      disabled={shown.has(id) && shown.size === 1}
      // Stay open: several columns are usually chosen at once.
      onSelect={(event) => {
        event.preventDefault();
        toggle(id);
      }}
      className={ITEM}
    >
      <span className="flex h-4 w-4 items-center justify-center">
        <DropdownMenu.ItemIndicator>
          <Check aria-hidden="true" className="h-4 w-4" />
        </DropdownMenu.ItemIndicator>
      </span>
      {label}
    </DropdownMenu.CheckboxItem>
  );
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="sm">
            <Columns3 aria-hidden="true" className="h-3.5 w-3.5" />
            Columns
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-[60] max-h-96 min-w-52 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">Columns of the task list</DropdownMenu.Label>
            {GRID_COLUMN_IDS.map((id) => item(id, builtInColumnTitle(id)))}
            {fields.length ? <DropdownMenu.Separator className="my-1 h-px bg-slate-200" /> : null}
            {fields.map((field) => item(customColumnId(field.id), field.name))}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item onSelect={() => setManaging(true)} className={ITEM}>
              <span className="h-4 w-4" />
              Manage fields…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CustomFieldsDialog projectId={projectId} open={managing} onOpenChange={setManaging} canEdit={canEditFields} />
    </>
  );
}
