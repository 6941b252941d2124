// `npm run lint` runs this: every language file holds the same English keys, with their
// placeholders, and every text the code passes to t('...') is among them.
import { catalogProblems, catalogsDir, missingSourceTexts, readCatalogs } from './catalogs.mjs';

const catalogs = readCatalogs();
const problems = [...catalogProblems(catalogs), ...missingSourceTexts(catalogs)];
if (problems.length > 0) {
  console.error(`The translation catalogs in ${catalogsDir} are incomplete:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Translation catalogs complete.');
