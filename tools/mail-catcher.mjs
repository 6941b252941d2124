// A real SMTP server that keeps every mail it is given, parsed: the backend's mail tests and the
// e2e topology send to it through nodemailer exactly as they would to a provider's server. It can
// be stopped and started again on the same port (a provider that is away for a while), ask for a
// login like SMTP_URL's user:password, refuse chosen recipients for good (550) or for now (450).
//
//   node tools/mail-catcher.mjs [port]   a local catcher for `npm start` (port 1025 by default):
//                                        it prints every mail it receives (docs/mail.md)
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** A header's value as sent (unfolded), or null. */
const headerOf = (parsed, name) => {
  const line = parsed.headerLines.find((header) => header.key === name)?.line;
  return line
    ? line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim()
    : null;
};

const addressesOf = (field) => (field ? (Array.isArray(field) ? field : [field]).flatMap((group) => group.value.map((entry) => entry.address)) : []);

/**
 * @param {{ port?: number, host?: string, auth?: { user: string, pass: string }, refuse?: { test(address: string): boolean }, defer?: { test(address: string): boolean }, onMail?: (mail: object) => void }} [options]
 */
export async function startMailCatcher({ port = 0, host = '127.0.0.1', auth, refuse, defer, onMail } = {}) {
  const mails = [];
  const droppedConnections = [];
  const waiters = new Set();
  let server;
  let boundPort = port;

  const keep = (mail) => {
    mails.push(mail);
    onMail?.(mail);
    for (const waiter of waiters) waiter();
  };

  const listen = () =>
    new Promise((resolve, reject) => {
      server = new SMTPServer({
        logger: false,
        secure: false,
        // A plain connection on loopback: no certificate to make.
        disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
        allowInsecureAuth: true,
        authOptional: !auth,
        onAuth(login, _session, callback) {
          if (login.username === auth?.user && login.password === auth?.pass) return callback(null, { user: login.username });
          return callback(Object.assign(new Error('Invalid user name or password'), { responseCode: 535 }));
        },
        onRcptTo(address, _session, callback) {
          if (refuse?.test(address.address)) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
          if (defer?.test(address.address)) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }));
          return callback();
        },
        onData(stream, session, callback) {
          simpleParser(stream).then(
            (parsed) => {
              keep({
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                from: addressesOf(parsed.from)[0] ?? null,
                fromName: parsed.from?.value[0]?.name ?? '',
                to: addressesOf(parsed.to),
                replyTo: addressesOf(parsed.replyTo),
                replyToName: parsed.replyTo?.value[0]?.name ?? '',
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                messageId: parsed.messageId ?? null,
                inReplyTo: parsed.inReplyTo ?? null,
                references: [parsed.references ?? []].flat(),
                dkimSignature: parsed.headerLines.find((header) => header.key === 'dkim-signature')?.line ?? null,
                listUnsubscribe: headerOf(parsed, 'list-unsubscribe'),
                listUnsubscribePost: headerOf(parsed, 'list-unsubscribe-post'),
                // Text attachments (an event's calendar file) as text; others as base64.
                attachments: parsed.attachments.map((file) => ({
                  filename: file.filename ?? '',
                  contentType: file.contentType,
                  content: file.content.toString(/^text\//.test(file.contentType) ? 'utf8' : 'base64'),
                })),
                receivedAt: new Date().toISOString(),
              });
              callback(null, 'Kept by the mail catcher');
            },
            (error) => callback(error),
          );
        },
      });
      // Until it listens, an error (the port taken) fails the start. After, the errors are a
      // client's connection dropped mid-mail (a sending instance killed): the mail is not kept,
      // as a provider would not keep it, and the catcher goes on serving the others.
      const failStart = (error) => reject(error);
      server.on('error', failStart);
      server.listen(boundPort, host, () => {
        boundPort = server.server.address().port;
        server.off('error', failStart);
        server.on('error', (error) => droppedConnections.push(error.code ?? error.message));
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return boundPort;
    },
    /** The SMTP_URL that reaches it (with the login when it asks for one). */
    get url() {
      const login = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';
      return `smtp://${login}${host}:${boundPort}`;
    },
    /** Every mail received so far, oldest first. */
    mails,
    /** The error code of each client connection that ended in the middle of a mail. */
    droppedConnections,
    /** Resolves with the first mail (already kept or yet to come) for which `test` is true. */
    waitFor(test, timeoutMs = 15000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(test);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no such mail within ${timeoutMs} ms; received: ${mails.map((mail) => `${mail.to.join(',')} "${mail.subject}"`).join('; ') || 'none'}`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    /** Stops accepting connections (a provider that is away); `start()` takes them again on the same port. */
    stop() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
    start() {
      return listen();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const catcher = await startMailCatcher({
    port: Number(process.argv[2] ?? 1025),
    onMail: (mail) =>
      console.log(
        `\n--- ${mail.receivedAt}\nFrom: ${mail.from}\nTo: ${mail.to.join(', ')}\nReply-To: ${mail.replyTo.join(', ')}\nSubject: ${mail.subject}\n\n${mail.text}`,
      ),
  });
  console.log(`Mail catcher: start the site with SMTP_URL=${catcher.url} MAIL_FROM=no-reply@localhost; every mail it is sent is printed here.`);
}
