// `npm run lint` runs this: every language file holds exactly the English keys and placeholders.
import { catalogProblems, messagesDir, readCatalogs } from './messages.mjs';

const problems = catalogProblems(readCatalogs());
if (problems.length > 0) {
  console.error(`The message catalogs in ${messagesDir} are incomplete:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Message catalogs complete.');
