// A Socket.IO client in a process of its own, as a browser is: its event loop is not the server's, so a stalled
// server does not stall it. Prints one JSON line per thing that happens to it: {"ready":…}, {"event":name},
// {"disconnect":reason}, {"error":message}. Arguments: server url, socket path, cookie header.
import { io } from 'socket.io-client';

const [url, path, cookie] = process.argv.slice(2);
const say = (line) => process.stdout.write(JSON.stringify(line) + '\n');
const socket = io(url, { path, transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
socket.on('session:ready', (ready) => say({ ready }));
socket.onAny((event) => event !== 'session:ready' && say({ event }));
socket.on('disconnect', (reason) => say({ disconnect: reason }));
socket.on('connect_error', (err) => say({ error: err.message }));
