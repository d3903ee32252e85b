import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (32 MiB, ~60 ms here): above OWASP's minimum for scrypt, and libuv's thread
// pool keeps it off the event loop. Parameters are stored in the hash so they can be raised later.
const LOG_N = 15;
/**
 * Test runs make and sign in a few thousand accounts, at ~60 ms of a core each: under NODE_ENV=test (Vitest sets
 * it, and the servers tests spawn inherit it) SCRYPT_LOG_N may lower N, to no less than 2^10. Same code, same
 * hash format; a production process never reads it.
 */
function logN(): number {
  const lowered = Number(process.env.SCRYPT_LOG_N);
  return process.env.NODE_ENV === 'test' && Number.isInteger(lowered) && lowered >= 10 && lowered < LOG_N ? lowered : LOG_N;
}
const PARAMS = { N: 2 ** logN(), r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$key`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown email cannot be told from a wrong password by timing. */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}
