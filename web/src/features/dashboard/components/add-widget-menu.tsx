import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { WIDGET_CATALOGUE, WIDGET_TYPES, type WidgetType } from '@planline/domain';
import { Plus } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { buttonClasses } from '../../../components/ui/button';

const SIZE_LABELS = { small: 'Small', medium: 'Medium', large: 'Large' } as const;

interface AddWidgetMenuProps {
  onAdd: (type: WidgetType) => void;
  /** Types already on the dashboard: still offered (a second one gets a numbered title), and marked. */
  present: ReadonlySet<WidgetType>;
  disabled: boolean;
  triggerRef?: Ref<HTMLButtonElement>;
}

/** 'Add Widget': the six widget types by title, each added at its default size. */
export function AddWidgetMenu({ onAdd, present, disabled, triggerRef }: AddWidgetMenuProps) {
  // After an addition the new widget takes focus (DashboardView); Radix would hand it back to the trigger.
  const added = useRef(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={triggerRef} disabled={disabled} className={buttonClasses('outline', 'sm')}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Widget
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          onCloseAutoFocus={(event) => {
            if (added.current) event.preventDefault();
            added.current = false;
          }}
          align="end"
          sideOffset={4}
          className="z-[60] min-w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {WIDGET_TYPES.map((type) => (
            <DropdownMenu.Item
              key={type}
              onSelect={() => {
                added.current = true;
                onAdd(type);
              }}
              className="flex cursor-pointer items-center justify-between gap-4 rounded-sm px-2.5 py-2 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900"
            >
              <span>{WIDGET_CATALOGUE[type].title}</span>
              <span aria-hidden="true" className="text-xs text-slate-500">
                {present.has(type) ? 'on dashboard · ' : ''}
                {SIZE_LABELS[WIDGET_CATALOGUE[type].defaultSize]}
              </span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
