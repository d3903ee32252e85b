import { Button } from './button';

interface TeammateChangeProps {
  /** Who changed it (a first name), or null while that is not known yet. */
  who: string | null;
  /** Their value, as people read it. */
  value: string;
  /** Both changed the field: the person chooses which value stays. */
  conflict: boolean;
  /** The person's own value, when the field no longer shows it. */
  yours?: string | undefined;
  /** The choice, for a conflict. */
  onKeepMine?: (() => void) | undefined;
  onTakeTheirs?: (() => void) | undefined;
}

/**
 * Under a form field a teammate changed while the form was open: their value and name, and, when the person had
 * changed that field too, the choice between the two (a form never overwrites a teammate silently).
 */
export function TeammateChange({ who, value, conflict, yours, onKeepMine, onTakeTheirs }: TeammateChangeProps) {
  const said = (
    <>
      <span className="font-semibold">{who ?? 'A teammate'}</span> changed this to “<span className="break-words">{value}</span>”
    </>
  );
  if (!conflict) {
    return (
      <p data-teammate-change className="text-xs text-blue-800">
        {said}.
      </p>
    );
  }
  return (
    <div data-conflict className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      <p>
        {said} while you were editing it.{yours === undefined ? null : <> Yours: “<span className="break-words">{yours}</span>”.</>}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onKeepMine}>
          Keep yours
        </Button>
        <Button size="sm" variant="outline" onClick={onTakeTheirs}>
          Take theirs
        </Button>
      </div>
    </div>
  );
}
