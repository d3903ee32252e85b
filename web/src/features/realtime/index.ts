/** Socket.IO server events turned into query cache updates. */
export { RealtimeBridge } from './realtime-bridge';
export { applyServerEvent, type RealtimeEffects } from './apply-server-event';
