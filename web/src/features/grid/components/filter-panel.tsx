import { displayName, GRID_TEXT_MAX_LENGTH, TASK_PRIORITIES, TASK_STATUSES, UNASSIGNED_ID, UNASSIGNED_LABEL, type CustomField, type GridFilter, type MemberUser } from '@planline/domain';
import { useId, type ReactNode } from 'react';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed', blocked: 'Blocked' };
const PRIORITY_LABELS: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };

/** Whom the assignee filter lists (the chart's people). */
export type Person = Pick<MemberUser, 'id' | 'firstName' | 'lastName' | 'email'>;

const toggled = <T,>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

function Check({ checked, onChange, children }: { checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label className="flex min-h-7 cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={checked} onChange={onChange} className="h-4 w-4 accent-blue-600" />
      {children}
    </label>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{legend}</legend>
      <div className="flex flex-wrap gap-x-3">{children}</div>
    </fieldset>
  );
}

/** [grid-view] The Filter panel: each change applies at once (the rows follow as the person picks). */
export function FilterPanel(props: { filter: GridFilter; people: readonly Person[]; fields: readonly CustomField[]; canLate: boolean; onChange: (filter: GridFilter) => void }) {
  const { filter, people, fields, canLate, onChange } = props;
  const id = useId();
  const set = (part: Partial<GridFilter>) => onChange({ ...filter, ...part });
  // Choice and checkbox fields filter by one value each (the "filterable" custom fields).
  const picked = fields.filter((f) => f.type === 'choice' || f.type === 'checkbox');
  const setCustom = (fieldId: string, value: string | boolean | null) => {
    const { [fieldId]: _old, ...rest } = filter.custom ?? {};
    const custom = value === null ? rest : { ...rest, [fieldId]: value };
    const { custom: _dropped, ...withoutCustom } = filter;
    onChange(Object.keys(custom).length ? { ...filter, custom } : withoutCustom);
  };
  return (
    <div className="max-h-[70vh] overflow-y-auto">
      <label htmlFor={`${id}-q`} className="mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Text
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={filter.text}
        maxLength={GRID_TEXT_MAX_LENGTH}
        placeholder="Name or assignee"
        onChange={(e) => set({ text: e.target.value })}
        className="mb-2 h-8 w-full rounded-md border border-slate-300 px-2 text-sm"
      />
      <Group legend="Status">
        {TASK_STATUSES.map((s) => (
          <Check key={s} checked={filter.status.includes(s)} onChange={() => set({ status: toggled(filter.status, s) })}>
            {STATUS_LABELS[s] ?? s}
          </Check>
        ))}
      </Group>
      <Group legend="Assignee">
        {people.map((p) => (
          <Check key={p.id} checked={filter.assigneeIds.includes(p.id)} onChange={() => set({ assigneeIds: toggled(filter.assigneeIds, p.id) })}>
            {displayName(p)}
          </Check>
        ))}
        <Check checked={filter.assigneeIds.includes(UNASSIGNED_ID)} onChange={() => set({ assigneeIds: toggled(filter.assigneeIds, UNASSIGNED_ID) })}>
          {UNASSIGNED_LABEL}
        </Check>
      </Group>
      <Group legend="Priority">
        {TASK_PRIORITIES.map((p) => (
          <Check key={p} checked={filter.priority.includes(p)} onChange={() => set({ priority: toggled(filter.priority, p) })}>
            {PRIORITY_LABELS[p] ?? p}
          </Check>
        ))}
      </Group>
      <Group legend="Schedule">
        <Check checked={filter.critical} onChange={() => set({ critical: !filter.critical })}>
          On the critical path
        </Check>
        <Check checked={filter.lateAgainstBaseline} onChange={() => set({ lateAgainstBaseline: !filter.lateAgainstBaseline })}>
          Late against the baseline{canLate ? '' : ' (choose a baseline)'}
        </Check>
      </Group>
      {picked.length ? (
        <Group legend="Custom fields">
          {picked.map((field) => {
            const current = filter.custom?.[field.id.toLowerCase()];
            const options = field.type === 'checkbox' ? ['Ticked', 'Not ticked'] : field.options;
            const value = current === undefined ? '' : field.type === 'checkbox' ? (current ? 'Ticked' : 'Not ticked') : String(current);
            return (
              <label key={field.id} className="flex w-full items-center justify-between gap-2 text-sm text-slate-800">
                {field.name}
                <select
                  value={value}
                  onChange={(e) => {
                    const v = e.target.value;
                    setCustom(field.id.toLowerCase(), v === '' ? null : field.type === 'checkbox' ? v === 'Ticked' : v);
                  }}
                  className="h-8 max-w-40 rounded-md border border-slate-300 px-1 text-sm"
                >
                  <option value="">Any</option>
                  {options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
        </Group>
      ) : null}
      <Group legend="Dates">
        <label className="flex items-center gap-1 text-sm text-slate-800">
          From
          <input type="date" value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value || null })} className="h-8 rounded-md border border-slate-300 px-1 text-sm" />
        </label>
        <label className="flex items-center gap-1 text-sm text-slate-800">
          To
          <input type="date" value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value || null })} className="h-8 rounded-md border border-slate-300 px-1 text-sm" />
        </label>
      </Group>
    </div>
  );
}
