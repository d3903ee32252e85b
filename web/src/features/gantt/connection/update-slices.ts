import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';

/**
 * A big Yjs update (V1) cut into updates that each apply in a few milliseconds, plus what is left.
 *
 * Applying a 100,000-task document in one `Y.applyUpdate` holds the main thread for seconds (issue 18); applied
 * slice by slice between frames, the chart stays responsive while it merges. Only the client with the most
 * structs is sliced (a server-built document is almost all one client: the rows it was built from); its structs
 * go in clock order, so each slice integrates at once. `rest` is everything else of the update: the other
 * clients' structs and the whole delete set, so `slices` then `rest` apply to exactly what the update applies.
 */
export interface SlicedUpdate {
  slices: Uint8Array[];
  rest: Uint8Array;
}

type Struct = Y.Item | Y.GC | Y.Skip;

/**
 * Runs of structs, one per client and each in clock order, as a V1 update (the layout of yjs's writeStructs), then
 * the delete set (writeDeleteSet's layout), or none.
 */
function encode(runs: ReadonlyMap<number, readonly Struct[]>, ds: { clients: Map<number, { clock: number; len: number }[]> } | null): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  const clients = [...runs].filter(([, run]) => run.length > 0);
  encoding.writeVarUint(encoder.restEncoder, clients.length);
  for (const [client, run] of clients) {
    encoding.writeVarUint(encoder.restEncoder, run.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, run[0]!.id.clock);
    for (const struct of run) struct.write(encoder, 0);
  }
  const deletions = ds ? [...ds.clients].sort((a, b) => b[0] - a[0]) : [];
  encoding.writeVarUint(encoder.restEncoder, deletions.length);
  for (const [client, items] of deletions) {
    encoder.resetDsCurVal();
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, items.length);
    for (const item of items) {
      encoder.writeDsClock(item.clock);
      encoder.writeDsLen(item.len);
    }
  }
  return encoder.toUint8Array();
}

/** One pass of decoding: the update's structs go into slices of the biggest client, or into the rest. */
export function sliceUpdate(update: Uint8Array, structsPerSlice: number): SlicedUpdate {
  const { structs, ds } = Y.decodeUpdate(update);
  const byClient = new Map<number, Struct[]>();
  for (const s of structs) {
    const run = byClient.get(s.id.client);
    if (run) run.push(s);
    else byClient.set(s.id.client, [s]);
  }
  let client = -1;
  let most = 0;
  for (const [c, run] of byClient) if (run.length > most) [client, most] = [c, run.length];
  const slices: Uint8Array[] = [];
  const rest = new Map(byClient);
  const run = byClient.get(client) ?? [];
  let cut = 0;
  let end = -1;
  // A gap in the update (a Skip, or clocks that do not follow): the rest carries the client from there on.
  while (cut < run.length && !(run[cut] instanceof Y.Skip) && (end < 0 || run[cut]!.id.clock === end)) {
    end = run[cut]!.id.clock + run[cut]!.length;
    cut++;
  }
  for (let from = 0; from < cut; from += structsPerSlice) slices.push(encode(new Map([[client, run.slice(from, Math.min(cut, from + structsPerSlice))]]), null));
  if (client >= 0) rest.set(client, run.slice(cut));
  return { slices, rest: encode(rest, ds) };
}
