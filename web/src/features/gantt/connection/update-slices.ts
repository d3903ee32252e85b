import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

/**
 * A big Yjs update (V1) cut into updates that each apply in a few milliseconds, plus what is left.
 *
 * Applying a 100,000-task document in one `Y.applyUpdate` holds the main thread for seconds (issue 18); applied
 * slice by slice between frames, the chart stays responsive while it merges. Only the client with the most
 * structs is sliced (a server-built document is almost all one client: the rows it was built from); its structs
 * go in clock order, so each slice integrates at once. `rest` is everything else of the update: the other
 * clients' structs and the whole delete set, computed as the update's difference with the sliced state, so
 * `slices` then `rest` apply to exactly what the update applies.
 */
export interface SlicedUpdate {
  slices: Uint8Array[];
  rest: Uint8Array;
}

/** One client's run of structs as a V1 update without deletions (the layout of yjs's writeStructs). */
function encodeRun(client: number, run: readonly (Y.Item | Y.GC)[]): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, 1);
  encoding.writeVarUint(encoder.restEncoder, run.length);
  encoder.writeClient(client);
  encoding.writeVarUint(encoder.restEncoder, run[0]!.id.clock);
  for (const struct of run) struct.write(encoder, 0);
  encoding.writeVarUint(encoder.restEncoder, 0);
  return encoder.toUint8Array();
}

export function sliceUpdate(update: Uint8Array, structsPerSlice: number): SlicedUpdate {
  const { structs } = Y.decodeUpdate(update);
  const counts = new Map<number, number>();
  for (const s of structs) counts.set(s.id.client, (counts.get(s.id.client) ?? 0) + 1);
  let client = -1;
  let most = 0;
  for (const [c, n] of counts) if (n > most) [client, most] = [c, n];
  const slices: Uint8Array[] = [];
  let run: (Y.Item | Y.GC)[] = [];
  let end = -1;
  for (const s of structs) {
    if (s.id.client !== client) continue;
    // A gap in the update (a Skip, or clocks that do not follow): the rest carries the client from here on.
    if (s instanceof Y.Skip || (end >= 0 && s.id.clock !== end)) break;
    run.push(s as Y.Item | Y.GC);
    end = s.id.clock + s.length;
    if (run.length === structsPerSlice) {
      slices.push(encodeRun(client, run));
      run = [];
    }
  }
  if (run.length) slices.push(encodeRun(client, run));
  const sliced = end >= 0 ? new Map([[client, end]]) : new Map<number, number>();
  return { slices, rest: Y.diffUpdate(update, Y.encodeStateVector(sliced)) };
}
