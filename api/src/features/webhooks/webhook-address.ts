import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * [webhook-ssrf] Issue 40: a webhook calls only public addresses. The host is resolved here and EVERY address it
 * resolves to is checked; the request then connects to the address checked (webhook-send.ts pins it), so a DNS
 * answer that changes between the check and the connection cannot send it elsewhere. Redirects are never followed.
 * Link-local and cloud metadata addresses (and unspecified, multicast, reserved ones) are refused always; loopback,
 * private and shared (CGNAT) ones unless WEBHOOK_ALLOW_PRIVATE=true (development and tests). docs/security.md.
 */

function blockList(subnets: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

/** Never called, whatever the setting: the cloud's metadata service and the like live here. */
const NEVER = blockList([
  ['169.254.0.0', 16], // link-local, with 169.254.169.254 (AWS, GCP, Azure metadata)
  ['fe80::', 10], // link-local
  ['fd00:ec2::254', 128], // AWS metadata over IPv6
  ['0.0.0.0', 8], // unspecified ("this network": 0.0.0.0 reaches the local host on Linux)
  ['::', 128],
  ['224.0.0.0', 4], // multicast
  ['ff00::', 8],
  ['240.0.0.0', 4], // reserved, and broadcast
]);

/** Only with WEBHOOK_ALLOW_PRIVATE=true. */
const PRIVATE = blockList([
  ['127.0.0.0', 8], // loopback
  ['::1', 128],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['198.18.0.0', 15], // benchmarking networks
  ['fc00::', 7], // unique local
]);

export type AddressVerdict = { ok: true } | { ok: false; kind: 'never' | 'private' };

/** What kind of address `ip` is for a webhook. IPv4-mapped IPv6 addresses are judged as the IPv4 they carry. */
export function judgeAddress(ip: string, allowPrivate: boolean): AddressVerdict {
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (NEVER.check(ip, family)) return { ok: false, kind: 'never' };
  // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits: judge that one.
  const nat64 = /^64:ff9b::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (nat64) {
    const [hi, lo] = [parseInt(nat64[1]!, 16), parseInt(nat64[2]!, 16)];
    return judgeAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, allowPrivate);
  }
  if (!allowPrivate && PRIVATE.check(ip, family)) return { ok: false, kind: 'private' };
  return { ok: true };
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export type TargetCheck =
  | { ok: true; url: URL; hostname: string; address: ResolvedAddress }
  | { ok: false; message: string };

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * Whether a webhook may call `rawUrl` now, and at which address: at registration and again before every delivery.
 * The messages are the answer a person reads (a 400 at registration, the delivery's error later).
 */
export async function checkWebhookTarget(rawUrl: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, message: 'Enter a full URL, like https://example.com/planline-hook' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) {
    return { ok: false, message: 'Webhook URLs must start with https:// (plain http is only for development servers)' };
  }
  const hostname = bare(url.hostname);
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      return { ok: false, message: `We could not find the host ${hostname}: check the URL` };
    }
    if (!addresses.length) return { ok: false, message: `We could not find the host ${hostname}: check the URL` };
  }
  for (const { address } of addresses) {
    const verdict = judgeAddress(address, allowPrivate);
    if (verdict.ok) continue;
    return {
      ok: false,
      message:
        verdict.kind === 'never'
          ? `This address is link-local or reserved (${address}): webhooks never call link-local, cloud metadata or reserved addresses`
          : `This address is private (${address}): webhooks may only call public addresses`,
    };
  }
  return { ok: true, url, hostname, address: addresses[0]! };
}
