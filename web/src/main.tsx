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
    askForAppCode();
    // A project is about to open (its task list is on its way): its document's worker compiles beside the app.
    if (earlyTaskListHeld()) startDocumentWorker();
    // Its files arrive meanwhile; they run once a drag on the picture (lib/early-drag.ts) has been let go.
    return afterEarlyDrag().then(() => import('./app/start'));
  })
  .then(async ({ start }) => {
    await afterEarlyDrag();
    start(container);
  });
