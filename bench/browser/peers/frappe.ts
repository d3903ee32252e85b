import Gantt from 'frappe-gantt';
import { chart, loadTasks } from './common.js';
import './frappe.css';

const tasks = await loadTasks();
new Gantt(
  chart(),
  tasks.map((t) => ({ id: t.id, name: t.name, start: t.start, end: t.end, progress: t.progress, dependencies: t.dependencies.join(', ') })),
  // The chart's height is the page's, so its rows scroll inside it as ours do.
  { view_mode: 'Day', container_height: chart().clientHeight, readonly: false },
);
