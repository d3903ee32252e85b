import { gantt } from 'dhtmlx-gantt';
import 'dhtmlx-gantt/codebase/dhtmlxgantt.css';
import { chart, loadTasks, localDate, predecessorRows, wantsGrid, workingDays } from './common.js';

const tasks = await loadTasks();
gantt.config.date_format = '%Y-%m-%d';
gantt.config.scales = [
  { unit: 'month', step: 1, format: '%F %Y' },
  { unit: 'day', step: 1, format: '%j' },
];
if (wantsGrid()) {
  const preds = predecessorRows(tasks);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  // The WBS of a flat list is the row number (gantt.getWBSCode walks the tree per call: 10,000 rows never drew).
  const rowOf = new Map(tasks.map((t, i) => [t.id, i + 1]));
  gantt.config.columns = [
    { name: 'wbs', label: 'WBS', width: 50, template: (t: { id: string }) => String(rowOf.get(t.id)) },
    { name: 'text', label: 'Name', tree: true, width: 200 },
    { name: 'start', label: 'Start', width: 90, template: (t: { id: string }) => byId.get(t.id)!.start },
    { name: 'finish', label: 'Finish', width: 90, template: (t: { id: string }) => byId.get(t.id)!.end },
    { name: 'days', label: 'Duration', width: 70, template: (t: { id: string }) => `${workingDays(byId.get(t.id)!.start, byId.get(t.id)!.end)}d` },
    { name: 'preds', label: 'Predecessors', width: 100, template: (t: { id: string }) => preds.get(t.id) ?? '' },
    { name: 'pct', label: 'Progress', width: 70, template: (t: { id: string }) => `${byId.get(t.id)!.progress}%` },
    { name: 'status', label: 'Status', width: 90, template: (t: { id: string }) => byId.get(t.id)!.status },
  ];
  gantt.config.grid_width = 760;
}
gantt.init(chart());
gantt.parse({
  // dhtmlx's end date is exclusive: the day after our last day.
  data: tasks.map((t) => {
    const end = localDate(t.end);
    end.setDate(end.getDate() + 1);
    return { id: t.id, text: t.name, start_date: localDate(t.start), end_date: end, progress: t.progress / 100 };
  }),
  links: tasks.flatMap((t) => t.dependencies.map((from) => ({ id: `${from}->${t.id}`, source: from, target: t.id, type: '0' }))),
});
// dhtmlx scrolls through its own API (its scrollbars are separate elements).
window.__benchScrollBy = (dy) => {
  const { y } = gantt.getScrollState();
  gantt.scrollTo(null, y + dy);
};
