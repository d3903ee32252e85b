/**
 * `NODE_OPTIONS="--import <this file>"` with PLANLINE_CPU_PROFILE_DIR set: the process's main thread is profiled
 * (V8 sampling, 1 ms) from start to exit, and the profile written there as server-<pid>.cpuprofile, with the wall
 * clock at its start (`wallStart`, ms) to line it up with a browser's. Node 20 refuses --cpu-prof in NODE_OPTIONS,
 * and the bench starts the server itself (big-sync-probe.ts).
 */
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.PLANLINE_CPU_PROFILE_DIR;
if (isMainThread && dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  const wallStart = Date.now();
  // The inspector answers a session of the same thread synchronously: the profile is written before the exit.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(`${dir}/server-${process.pid}.cpuprofile`, JSON.stringify({ ...result.profile, wallStart }));
    });
  });
}
