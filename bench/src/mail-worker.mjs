// The newsletter section's baseline: nodemailer sending the same mails from a bare script, with
// the connections the site's instances use together, as fast as they go. Plain ESM in a worker
// thread, so it has an event loop (and core) of its own, as the backends have their processes.
import { parentPort, workerData } from 'node:worker_threads';
import { createTransport } from 'nodemailer';

/** @param {{ smtpUrl: string, connections: number, from: string, subject: string, html: string, text: string, place: string, recipients: string[] }} job */
async function run(job) {
  const transport = createTransport({ url: job.smtpUrl, pool: true, maxConnections: job.connections, maxMessages: 500 });
  let next = 0;
  const started = performance.now();
  const sender = async () => {
    while (next < job.recipients.length) {
      const index = next++;
      const to = job.recipients[index];
      const link = `https://example.org/newsletter/unsubscribe?token=bench${index}`;
      await transport.sendMail({
        from: job.from,
        to,
        subject: job.subject,
        html: job.html.replaceAll(job.place, link),
        text: job.text.replaceAll(job.place, link),
        messageId: `<bench.${index}@example.org>`,
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
  };
  await Promise.all(Array.from({ length: job.connections }, sender));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return { seconds };
}

run(workerData).then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, error: String(error?.stack ?? error) }),
);
