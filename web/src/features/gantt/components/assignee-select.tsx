import { displayName, UNASSIGNED } from '@planline/domain';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { FieldControlProps } from '../../../components/ui/form-field';
import type { Person } from './timeline-context';

interface AssigneeSelectProps {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  people: readonly Person[];
}

/** Project members plus 'Unassigned' (PRODUCT-SPEC §5). An assignee no longer listed stays selectable as is. */
export function AssigneeSelect({ control, value, onChange, onBlur, name, people }: AssigneeSelectProps) {
  const known = value === UNASSIGNED || people.some((p) => p.id === value);
  return (
    <Select value={value} onValueChange={onChange} name={name}>
      <SelectTrigger {...control} onBlur={onBlur} className="w-full">
        <SelectValue placeholder="Unassigned" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
        {people.map((person) => (
          <SelectItem key={person.id} value={person.id}>
            {displayName(person)}
          </SelectItem>
        ))}
        {known ? null : <SelectItem value={value}>Former member</SelectItem>}
      </SelectContent>
    </Select>
  );
}
