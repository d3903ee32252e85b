import { SAMPLE_TASKS, SAMPLE_WEEKS } from './sample-gantt.data';

const percent = (weeks: number) => `${(weeks / SAMPLE_WEEKS) * 100}%`;
const ROW = 'grid grid-cols-[8.5rem_1fr_3rem] sm:grid-cols-[10rem_1fr_3.5rem]';

export function SampleGantt() {
  const weeks = Array.from({ length: SAMPLE_WEEKS }, (_, i) => i + 1);
  return (
    <figure
      aria-label="Sample Gantt chart"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-xl"
    >
      <div className="flex items-center justify-between border-b border-slate-200 bg-slate-50 px-4 py-3">
        <span className="text-sm font-semibold text-slate-900">Website Redesign</span>
        <span className="text-xs text-slate-500">Sample project</span>
      </div>
      <div className={`${ROW} border-b border-slate-200 text-xs text-slate-500`}>
        <div className="px-4 py-2 font-medium">Task</div>
        <div className="grid" style={{ gridTemplateColumns: `repeat(${SAMPLE_WEEKS}, minmax(0, 1fr))` }}>
          {weeks.map((week) => (
            <div key={week} className="border-l border-slate-100 py-2 text-center">
              W{week}
            </div>
          ))}
        </div>
        <div className="border-l border-slate-100 py-2 text-center font-medium">Done</div>
      </div>
      <ul>
        {SAMPLE_TASKS.map((task) => (
          <li key={task.name} className={`${ROW} border-b border-slate-100 last:border-b-0`}>
            <span className="truncate px-4 py-3 text-sm text-slate-700">{task.name}</span>
            <div className="relative" aria-hidden="true">
              <div
                className="absolute top-1/2 h-5 -translate-y-1/2 overflow-hidden rounded-md"
                style={{ left: percent(task.startWeek), width: percent(task.lengthWeeks) }}
              >
                <div className="absolute inset-0 opacity-30" style={{ backgroundColor: task.color }} />
                <div className="absolute inset-y-0 left-0" style={{ width: `${task.progress}%`, backgroundColor: task.color }} />
              </div>
            </div>
            <span className="border-l border-slate-100 py-3 text-center text-xs font-medium text-slate-600 tabular-nums">
              {task.progress}%
            </span>
          </li>
        ))}
      </ul>
      <figcaption className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500">
        Illustrative example with invented tasks.
      </figcaption>
    </figure>
  );
}
