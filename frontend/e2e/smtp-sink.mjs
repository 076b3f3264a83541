// A small SMTP server for the browser tests: it speaks enough of the protocol for the shop's mailer and
// keeps every message it receives (envelope and raw data).
import { createServer } from 'node:net';

export async function startSmtpSink() {
  const messages = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [], data: '' };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            current.data += `${line.startsWith('.') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const upper = line.toUpperCase();
        if (upper.startsWith('EHLO') || upper.startsWith('HELO')) {
          socket.write('250-sink\r\n250 8BITMIME\r\n');
        } else if (upper.startsWith('MAIL FROM:')) {
          current.from = line.slice(10).trim().replace(/[<>]/g, '');
          reply('250 ok');
        } else if (upper.startsWith('RCPT TO:')) {
          current.to.push(line.slice(8).trim().replace(/[<>]/g, ''));
          reply('250 ok');
        } else if (upper.startsWith('DATA')) {
          inData = true;
          reply('354 go ahead');
        } else if (upper.startsWith('QUIT')) {
          reply('221 bye');
          socket.end();
        } else {
          reply('250 ok');
        }
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The decoded text of the newest message sent to `address`, or undefined. */
    lastTo(address) {
      const found = [...messages].reverse().find((m) => m.to.includes(address));
      return found && found.data.replace(/=\n/g, '').replace(/=3D/g, '=');
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}
