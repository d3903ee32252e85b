import { startDocumentWorker } from './features/gantt/connection/document-worker';
import { afterEarlyDrag } from './lib/early-drop';
import { earlyTaskListHeld } from './lib/early-task-list';
import { afterFirstScreenPainted, askForAppCode } from './lib/first-screen';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The app's code (~1 MB) is asked for and evaluated once the page's picture of the chart, if it shows one, is on
// screen: a page that fetched and ran it first would keep the picture off the screen for as long.
void afterFirstScreenPainted()
  .then(() => {
    const arrived = askForAppCode();
    // A project is about to open (its task list is on its way): its document's worker compiles beside the app.
    if (earlyTaskListHeld()) startDocumentWorker();
    // The code runs once it is all here (it could not sooner) and a drag on the picture (lib/early-drag.ts) has
    // been let go: its evaluation, one long task, does not hold the drag's moves back.
    return arrived.then(afterEarlyDrag).then(() => import('./app/start'));
  })
  .then(async ({ start }) => {
    await afterEarlyDrag();
    start(container);
  });
