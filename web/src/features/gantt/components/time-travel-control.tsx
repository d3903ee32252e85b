import { format } from 'date-fns';
import { History } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { NOT_PICTURED_ATTR } from '../../../lib/first-screen';
import { useHistorySince } from '../model/past-plan';

/** How long the slider rests before the chart reads the plan at its instant (a drag passes many). */
const SCRUB_SETTLE_MS = 250;
const SECOND_MS = 1000;
/** The slider's span when the plan's history says nothing earlier: a week back. */
const DEFAULT_SPAN_MS = 7 * 24 * 3600 * SECOND_MS;

export interface TimeTravel {
  /** The scrubber is open. */
  open: boolean;
  /** The instant shown (ISO), or null: the plan now, live. */
  at: string | null;
  /** Draw the past dates under today's bars instead of showing the past plan alone. */
  compare: boolean;
}
export const NO_TIME_TRAVEL: TimeTravel = { open: false, at: null, compare: false };

/** [time-travel] The toolbar's History button: opens and closes the scrubber (TimeTravelPanel). */
export function HistoryButton({ travel, onChange, panelId }: { travel: TimeTravel; onChange: (t: TimeTravel) => void; panelId: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-expanded={travel.open}
      aria-controls={panelId}
      onClick={() => onChange(travel.open ? NO_TIME_TRAVEL : { ...travel, open: true })}
      className="aria-expanded:border-blue-600 aria-expanded:text-blue-700"
    >
      <History aria-hidden="true" className="h-3.5 w-3.5" />
      History
    </Button>
  );
}

const asLocalInput = (ms: number) => format(ms, "yyyy-MM-dd'T'HH:mm:ss");
const asWords = (ms: number) => format(ms, 'd MMM yyyy, HH:mm:ss');

interface TimeTravelPanelProps {
  id: string;
  projectId: string;
  travel: TimeTravel;
  onChange: (t: TimeTravel) => void;
  loading: boolean;
  failed: boolean;
  /** Asks to restore the whole plan to the instant shown; null: not offered (read-only, or not read yet). */
  onRestorePlan: (() => void) | null;
}

/**
 * [time-travel] The history scrubber, mounted while open: a slider over the plan's history (from its earliest task
 * to the moment it opened) and a date and time field, both keyboard operable, "Compare with now", and while an
 * instant is set the banner "Viewing the plan as of … — Back to now".
 */
export function TimeTravelPanel({ id, projectId, travel, onChange, loading, failed, onRestorePlan }: TimeTravelPanelProps) {
  const since = useHistorySince(projectId);
  const sliderId = useId();
  const fieldId = useId();
  const [now] = useState(() => Math.floor(Date.now() / SECOND_MS) * SECOND_MS);
  const min = Math.min(since ?? now - DEFAULT_SPAN_MS, now - SECOND_MS);
  const at = travel.at ? Date.parse(travel.at) : null;
  const [value, setValue] = useState(at ?? now);
  useEffect(() => setValue(at ?? now), [at, now]);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  const show = (ms: number | null) => {
    clearTimeout(settle.current);
    onChange({ ...travel, at: ms === null || ms >= now ? null : new Date(ms).toISOString() });
  };
  const scrub = (ms: number) => {
    setValue(ms);
    clearTimeout(settle.current);
    settle.current = setTimeout(() => show(ms), SCRUB_SETTLE_MS);
  };

  return (
    // A new visit opens without it: the first-screen picture leaves it out (lib/first-screen.ts).
    <div id={id} role="region" aria-label="Plan history" className="space-y-2 border-b border-slate-200 bg-slate-50 px-4 py-3" {...{ [NOT_PICTURED_ATTR]: '' }}>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sliderId} className="text-sm font-medium text-slate-700">
          Show the plan as of
        </label>
        <input
          id={sliderId}
          type="range"
          min={min}
          max={now}
          step={SECOND_MS}
          value={value}
          aria-valuetext={value >= now ? 'Now' : asWords(value)}
          onChange={(e) => scrub(Number(e.target.value))}
          className="min-w-48 flex-1 accent-blue-600"
        />
        <label htmlFor={fieldId} className="sr-only">
          Date and time
        </label>
        <input
          id={fieldId}
          type="datetime-local"
          value={asLocalInput(value)}
          max={asLocalInput(now)}
          step={1}
          onChange={(e) => {
            const ms = new Date(e.target.value).getTime();
            if (!Number.isNaN(ms)) scrub(ms);
          }}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
        />
        <Button
          variant="outline"
          size="sm"
          aria-pressed={travel.compare}
          onClick={() => onChange({ ...travel, compare: !travel.compare })}
          className="aria-pressed:border-slate-700 aria-pressed:bg-slate-200"
        >
          Compare with now
        </Button>
      </div>
      <p role="status" className={cn('text-sm', at === null ? 'sr-only' : 'rounded-md bg-amber-50 px-3 py-2 text-amber-900')}>
        {at === null ? null : (
          <>
            {travel.compare ? 'Comparing the plan now with the plan as of ' : 'Viewing the plan as of '}
            <time dateTime={travel.at!} className="font-semibold">
              {asWords(at)}
            </time>
            {loading ? ' (loading…)' : failed ? ' — it could not be read' : travel.compare ? '' : ', read-only'}
            {' — '}
            <button type="button" onClick={() => show(null)} className="cursor-pointer font-medium text-blue-700 underline underline-offset-2">
              Back to now
            </button>
            {onRestorePlan ? (
              <>
                {' or '}
                <button type="button" onClick={onRestorePlan} className="cursor-pointer font-medium text-blue-700 underline underline-offset-2">
                  Restore this plan
                </button>
              </>
            ) : null}
          </>
        )}
      </p>
    </div>
  );
}
