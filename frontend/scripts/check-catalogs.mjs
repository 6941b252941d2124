// `npm run lint` runs this: every language file holds the same English keys, with their
// placeholders, every text the code passes to t('...') is among them, and every public route
// loads the part of the catalog that holds its texts.
import { catalogProblems, catalogsDir, missingSourceTexts, readCatalogs, splitCatalog } from './catalogs.mjs';

const catalogs = readCatalogs();
const problems = [
  ...catalogProblems(catalogs),
  ...missingSourceTexts(catalogs),
  ...new Set(Object.values(catalogs).flatMap((catalog) => splitCatalog(catalog).problems)),
];
if (problems.length > 0) {
  console.error(`The translation catalogs in ${catalogsDir} are incomplete:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Translation catalogs complete.');
