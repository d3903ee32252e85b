import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, judgeAddress } from './webhook-address.js';
import { sendWebhook } from './webhook-send.js';

describe('[webhook-ssrf] which addresses a webhook may call', () => {
  it.each([
    ['169.254.169.254', 'never'],
    ['169.254.1.1', 'never'],
    ['fe80::1', 'never'],
    ['fd00:ec2::254', 'never'],
    ['0.0.0.0', 'never'],
    ['::', 'never'],
    ['224.0.0.1', 'never'],
    ['255.255.255.255', 'never'],
    ['::ffff:169.254.169.254', 'never'],
    ['64:ff9b::a9fe:a9fe', 'never'],
  ])('%s is refused whatever the setting', (ip, kind) => {
    expect(judgeAddress(ip, false)).toEqual({ ok: false, kind });
    expect(judgeAddress(ip, true)).toEqual({ ok: false, kind });
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', 'fc00::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::7f00:1'])(
    '%s is private: refused unless WEBHOOK_ALLOW_PRIVATE',
    (ip) => {
      expect(judgeAddress(ip, false)).toEqual({ ok: false, kind: 'private' });
      expect(judgeAddress(ip, true)).toEqual({ ok: true });
    },
  );

  it.each(['93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '8.8.8.8'])('%s is public', (ip) => {
    expect(judgeAddress(ip, false)).toEqual({ ok: true });
  });

  it('refuses a name when ANY of its addresses is private, and a name that does not resolve', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 as const },
      { address: '10.0.0.5', family: 4 as const },
    ];
    expect(await checkWebhookTarget('https://mixed.example/hook', false, resolve)).toEqual({
      ok: false,
      message: 'This address is private (10.0.0.5): webhooks may only call public addresses',
    });
    const missing = await checkWebhookTarget('https://nowhere.example/hook', false, async () => {
      throw new Error('ENOTFOUND');
    });
    expect(missing).toEqual({ ok: false, message: 'We could not find the host nowhere.example: check the URL' });
  });
});

describe('[webhook-ssrf] a delivery connects to the address checked', () => {
  it('sends to the pinned address with the URL host in the Host header, never asking DNS again', async () => {
    let host: string | undefined;
    const receiver = createServer((req, res) => {
      host = req.headers.host;
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    try {
      // The name does not exist: only the pinned lookup can reach the receiver.
      const url = new URL(`http://pinned.invalid:${port}/hook`);
      const result = await sendWebhook({ url, hostname: url.hostname, address: { address: '127.0.0.1', family: 4 } }, '{}', {});
      expect(result).toMatchObject({ status: 200, error: null });
      expect(host).toBe(`pinned.invalid:${port}`);
    } finally {
      receiver.close();
    }
  });
});
