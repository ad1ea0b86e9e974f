import { SMTPServer } from 'smtp-server';

/**
 * Test helper: a real SMTP server on 127.0.0.1 that keeps each message it receives (raw, in
 * `messages`) and each recipient address (in `recipients`). Used by the outbox tests.
 */
export function startSmtp(port: number, messages: string[], recipients: string[] = []): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 500,
    logger: false,
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));
