import { gantt } from 'dhtmlx-gantt';
import 'dhtmlx-gantt/codebase/dhtmlxgantt.css';
import { chart, loadTasks, localDate } from './common.js';

const tasks = await loadTasks();
gantt.config.date_format = '%Y-%m-%d';
gantt.config.scales = [
  { unit: 'month', step: 1, format: '%F %Y' },
  { unit: 'day', step: 1, format: '%j' },
];
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
