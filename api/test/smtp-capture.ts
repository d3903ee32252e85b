import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  headers: Map<string, string>;
  subject: string;
  body: string;
}

/** Headers unfolded (RFC 5322), the body decoded from quoted-printable when sent so. */
export function parseMessage(raw: string, to: string[]): Received {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  const subject = headers.get('subject') ?? '';
  const encoded = /^=\?utf-8\?([BQ])\?(.*)\?=$/i.exec(subject.replace(/\?=\s+=\?utf-8\?[BQ]\?/gi, ''));
  const decodedSubject = !encoded
    ? subject
    : encoded[1]!.toUpperCase() === 'B'
      ? Buffer.from(encoded[2]!, 'base64').toString('utf8')
      : Buffer.from(encoded[2]!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  return { to, headers, subject: decodedSubject, body: body.replace(/\r\n/g, '\n') };
}

/** A real SMTP server (the smtp-server package) on a free port, keeping what it receives. */
export function startSmtp() {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMessage(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  return {
    received,
    listen: () => new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
