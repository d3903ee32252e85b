import { Gantt, Willow } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import { createRoot } from 'react-dom/client';
import { chart, loadTasks, localDate, predecessorRows, wantsGrid, workingDays } from './common.js';

const tasks = await loadTasks();
const data = tasks.map((t) => {
  const end = localDate(t.end);
  end.setDate(end.getDate() + 1);
  return { id: t.id, text: t.name, start: localDate(t.start), end, progress: t.progress, type: 'task' };
});
const preds = predecessorRows(tasks);
const byId = new Map(tasks.map((t, i) => [t.id, { ...t, row: i + 1 }]));
type Row = (typeof tasks)[number] & { row: number };
const text = (read: (t: Row) => string) => (_value: unknown, row: { id?: string | number }) => read(byId.get(String(row.id))!);
// Issue 39's grid benchmark: eight columns, as ours shows (see common.ts wantsGrid).
const columns = wantsGrid()
  ? [
      { id: 'wbs', header: 'WBS', width: 50, template: text((t) => String(t.row)) },
      { id: 'text', header: 'Name', width: 200 },
      { id: 'start', header: 'Start', width: 90, template: text((t) => t.start) },
      { id: 'finish', header: 'Finish', width: 90, template: text((t) => t.end) },
      { id: 'days', header: 'Duration', width: 70, template: text((t) => `${workingDays(t.start, t.end)}d`) },
      { id: 'preds', header: 'Predecessors', width: 100, template: text((t) => preds.get(t.id) ?? '') },
      { id: 'pct', header: 'Progress', width: 70, template: text((t) => `${t.progress}%`) },
      { id: 'status', header: 'Status', width: 90, template: text((t) => t.status) },
    ]
  : undefined;
const links = tasks.flatMap((t) => t.dependencies.map((from) => ({ id: `${from}->${t.id}`, source: from, target: t.id, type: 'e2s' })));

createRoot(chart()).render(
  <Willow>
    <Gantt tasks={data} links={links} {...(columns ? { columns } : {})} />
  </Willow>,
);
