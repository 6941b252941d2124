// Creates an admin account: npm run create-admin -w backend -- <email>, then the password.
// The password comes from standard input (typed at the prompt, unseen, or piped in) or from
// CREATE_ADMIN_PASSWORD, never from the command line, where the shell's history and the process
// list would keep it. Uses MONGO_URL; the npm script starts the embedded database in DATA_DIR
// when it is unset (stop `npm start` first when that one is running: FerretDB keeps its folder
// to itself). In the image:
//   docker compose exec backend node backend/dist/cli/create-admin.js <email>            (asks)
//   docker compose exec -T backend node backend/dist/cli/create-admin.js <email> < password.txt
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../database.js';
import { AdminAccountError, createAdmin } from '../features/auth/service.js';

const usage = 'Usage: npm run create-admin -w backend -- <email>   (the password: typed when asked, piped to standard input, or in CREATE_ADMIN_PASSWORD)';

/** The first line of standard input; at a terminal, asked for without showing what is typed. */
async function passwordFromInput(): Promise<string> {
  const atTerminal = process.stdin.isTTY === true;
  let muted = false;
  const output = new Writable({
    write: (chunk, _encoding, done) => {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output: atTerminal ? output : undefined, terminal: atTerminal });
  if (atTerminal) {
    process.stderr.write('Password: ');
    muted = true;
  }
  for await (const line of lines) {
    lines.close();
    if (atTerminal) process.stderr.write('\n');
    return line;
  }
  return '';
}

const [email, ...rest] = process.argv.slice(2);
if (!email) {
  console.error(usage);
  process.exit(2);
}
if (rest.length) {
  console.error('The password is never taken from the command line (the shell history and the process list keep it).');
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
if (!config.mongoUrl) {
  console.error('MONGO_URL is not set (npm run create-admin -w backend sets it to the embedded database).');
  process.exit(2);
}
const password = process.env.CREATE_ADMIN_PASSWORD || (await passwordFromInput());
if (!password) {
  console.error(`No password was given. ${usage}`);
  process.exit(2);
}
const db = await connectDatabase(config.mongoUrl, { timeoutMs: config.databaseTimeoutMs });
let exitCode = 0;
try {
  const created = await createAdmin(db.models.AdminUser, email, password);
  console.log(created ? `Admin ${email.trim().toLowerCase()} created` : `An admin with the e-mail ${email} already exists; nothing changed`);
  exitCode = created ? 0 : 1;
} catch (error) {
  console.error(error instanceof AdminAccountError ? error.message : error);
  exitCode = 1;
} finally {
  await db.close();
}
process.exit(exitCode);
