import { afterFirstScreenPainted } from './lib/first-screen';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The app's code (~1 MB) is evaluated once the page's picture of the chart, if it shows one, is on screen: a
// page that ran it first would keep the picture off the screen for as long (~150 ms). The code is downloaded
// meanwhile (the page asks for it: api/src/http/static-web.ts).
void afterFirstScreenPainted()
  .then(() => import('./app/start'))
  .then(({ start }) => start(container));
