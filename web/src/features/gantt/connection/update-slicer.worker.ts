import { sliceUpdate } from '@planline/document/update-slices';

/**
 * Cuts the first sync's update into slices off the main thread (decoding a 100,000-task document takes seconds).
 * One request per worker: the page starts it for a big sync and ends it with the answer.
 */
self.onmessage = (event: MessageEvent<{ update: Uint8Array; structsPerSlice: number }>) => {
  const { slices, rest } = sliceUpdate(event.data.update, event.data.structsPerSlice);
  const buffers = new Set<ArrayBuffer>([rest.buffer as ArrayBuffer, ...slices.map((s) => s.buffer as ArrayBuffer)]);
  self.postMessage({ slices, rest }, { transfer: [...buffers] });
};
