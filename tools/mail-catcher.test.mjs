// The mail catcher stands in for a provider's SMTP server: a client that drops its connection in
// the middle of a mail (a sending instance killed) loses that mail and nothing else.
import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import nodemailer from 'nodemailer';
import { startMailCatcher } from './mail-catcher.mjs';

/** Opens a transaction by hand (MAIL FROM, RCPT TO) and resets the connection in its middle. */
async function dropMidMail(port) {
  const socket = net.connect(port, '127.0.0.1');
  const replies = [];
  const reply = () => new Promise((resolve) => socket.once('data', (data) => resolve(replies.push(String(data)))));
  await reply(); // the greeting
  for (const line of ['EHLO sender.example', 'MAIL FROM:<sender@example.org>', 'RCPT TO:<reader@example.org>']) {
    socket.write(`${line}\r\n`);
    await reply();
  }
  assert.match(replies.at(-1), /^250/);
  socket.resetAndDestroy();
  await new Promise((resolve) => socket.once('close', resolve));
}

test('connections reset in the middle of a mail are counted, and the next sender is served', async () => {
  const catcher = await startMailCatcher();
  try {
    for (let n = 0; n < 3; n++) await dropMidMail(catcher.port);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(catcher.droppedConnections, ['ECONNRESET', 'ECONNRESET', 'ECONNRESET']);
    const transport = nodemailer.createTransport(catcher.url);
    await transport.sendMail({ from: 'sender@example.org', to: 'reader@example.org', subject: 'After the drops', text: 'Still here.' });
    assert.deepEqual(
      catcher.mails.map((mail) => mail.subject),
      ['After the drops'],
    );
  } finally {
    await catcher.stop();
  }
});
