// Creates an admin account: npm run create-admin -w backend -- <email> <password>
// Uses MONGO_URL; the npm script starts the embedded database in DATA_DIR when it is unset (stop
// `npm start` first when that one is running: FerretDB keeps its folder to itself). In the image:
// docker compose exec backend node backend/dist/cli/create-admin.js <email> <password>
import { loadConfig } from '../config.js';
import { connectDatabase } from '../database.js';
import { AdminAccountError, createAdmin } from '../features/auth/service.js';

const [email, password] = process.argv.slice(2);
if (!email || !password) {
  console.error('Usage: npm run create-admin -w backend -- <email> <password>');
  process.exit(2);
}

const config = loadConfig();
if (!config.mongoUrl) {
  console.error('MONGO_URL is not set (npm run create-admin -w backend sets it to the embedded database).');
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
