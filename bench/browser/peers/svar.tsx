import { Gantt, Willow } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import { createRoot } from 'react-dom/client';
import { chart, loadTasks, localDate } from './common.js';

const tasks = await loadTasks();
const data = tasks.map((t) => {
  const end = localDate(t.end);
  end.setDate(end.getDate() + 1);
  return { id: t.id, text: t.name, start: localDate(t.start), end, progress: t.progress, type: 'task' };
});
const links = tasks.flatMap((t) => t.dependencies.map((from) => ({ id: `${from}->${t.id}`, source: from, target: t.id, type: 'e2s' })));

createRoot(chart()).render(
  <Willow>
    <Gantt tasks={data} links={links} />
  </Willow>,
);
