import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { partSlug, readCatalogs, splitCatalog } from '../../scripts/catalogs.mjs';

/** Writes `files` (path under src → source) into a new folder and returns it. */
function sourceTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-split-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

const catalog = Object.fromEntries(
  [
    'Home',
    'Page Not Found',
    'Our Story',
    'Our Mission',
    'Lazy text',
    'Shared text',
    'Long program text',
    'Type only text',
    'Admin text',
    'Server sentence',
    'My text',
    'Later text',
  ].map((key) => [key, `हि ${key}`]),
);

const files = {
  'routes/__root.tsx': "import { Layout } from '../components/Layout';\nexport const Route = createRootRoute({ component: Layout });\n",
  'components/Layout.tsx': "export const Layout = () => t('Home');\n",
  'routes/{-$lang}/route.tsx':
    "import { NotFound } from '../../features/NotFound';\nexport const Route = createFileRoute('/{-$lang}')({ notFoundComponent: NotFound });\n",
  'features/NotFound.tsx': 'export const NotFound = () => t("Page Not Found");\n',
  'routes/{-$lang}/about.tsx':
    "import { AboutPage } from '../../features/about/AboutPage';\n" +
    "export const Route = createFileRoute('/{-$lang}/about')({ loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/about'), component: AboutPage });\n",
  'features/about/AboutPage.tsx':
    "import { story } from './story';\nimport type { Hidden } from './hidden';\nimport { Shared } from '../../components/Shared';\nimport { AdminBit } from '../admin/AdminBit';\n" +
    'export const AboutPage = () => <div title="Our Story">{t(story)}<Shared />{import(\'./Lazy\')}</div>;\n',
  'features/about/story.ts': 'export const story = `Our Mission`;\n',
  'features/about/hidden.ts': "export type Hidden = 'Type only text';\n",
  'features/about/Lazy.tsx': "export default () => t('Lazy text');\n",
  'components/Shared.tsx': "export const Shared = () => t('Shared text');\n",
  'features/admin/AdminBit.tsx': "export const AdminBit = () => t('Admin text');\n",
  // Shows texts of its own but loads no part: the check names it.
  'routes/{-$lang}/programs.tsx':
    "export { programs } from '../../features/programs/data';\nimport { Shared } from '../../components/Shared';\nexport const Route = createFileRoute('/{-$lang}/programs')({});\n",
  'features/programs/data.ts': "export const programs = ['Long program text'];\n",
  // Loads its later part itself: the texts of the code it import()s are in that part only.
  'routes/{-$lang}/my.tsx':
    "import { MyPage } from '../../features/my/MyPage';\n" +
    "export const Route = createFileRoute('/{-$lang}/my')({ loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/my'), component: MyPage });\n",
  'features/my/MyPage.tsx':
    "const Records = lazy(() => import('./Records'));\n" +
    'export const MyPage = () => { void loadLanguage(lang, \'/{-$lang}/my:later\'); return <p title="My text"><Records /></p>; };\n',
  'features/my/Records.tsx': "import { Shared } from '../../components/Shared';\nexport default () => <Shared title={t('Later text')} />;\n",
  // Loads the part of a route that does not exist.
  'routes/{-$lang}/gallery.tsx': "export const Route = createFileRoute('/{-$lang}/gallery')({ loader: () => loadLanguage('hi', '/{-$lang}/galery') });\n",
};

describe('the Hindi catalog split by page', () => {
  it("gives each route the texts its code can show, past the shell's, and the shell what no route names", () => {
    const { root, parts, problems } = splitCatalog(catalog, sourceTree(files));
    // The shell's texts, and those no route's code names: a type, admin code, the server's sentences.
    expect(root.sort()).toEqual(['Admin text', 'Home', 'Page Not Found', 'Server sentence', 'Type only text']);
    // Imports static and dynamic, literals in ' " ` and in JSX attributes.
    expect(parts['/{-$lang}/about']!.sort()).toEqual(['Lazy text', 'Our Mission', 'Our Story', 'Shared text']);
    // A text two routes show is in both their parts; re-exports are followed.
    expect(parts['/{-$lang}/programs']!.sort()).toEqual(['Long program text', 'Shared text']);
    expect(parts['/{-$lang}/gallery']).toEqual([]);
    expect(parts['/{-$lang}/my']).toEqual(['My text']);
    expect(parts['/{-$lang}/my:later']!.sort()).toEqual(['Later text', 'Shared text']);
    expect(problems).toEqual([
      `routes/{-$lang}/gallery.tsx loads the texts of "/{-$lang}/galery", which is no public route`,
      `routes/{-$lang}/programs.tsx shows texts none of the parts it loads holds (its loader should await loadLanguage(lang, '/{-$lang}/programs')): "Shared text", "Long program text"`,
    ]);
  });

  it('splits the real catalog so that each route loads what it shows, and the long texts only where they are shown', () => {
    const hindi = readCatalogs().hi!;
    const { root, parts, problems } = splitCatalog(hindi);
    expect(problems).toEqual([]);
    // Every text is somewhere, and a route's part holds none of the root's.
    const everywhere = new Set([...root, ...Object.values(parts).flat()]);
    expect(Object.keys(hindi).filter((key) => !everywhere.has(key))).toEqual([]);
    for (const keys of Object.values(parts)) expect(keys.filter((key) => root.includes(key))).toEqual([]);
    expect(Object.keys(parts).sort()).toEqual(
      [
        '/{-$lang}/',
        '/{-$lang}/about',
        '/{-$lang}/blog/',
        '/{-$lang}/blog/$id',
        '/{-$lang}/campaigns/$id',
        '/{-$lang}/contact',
        '/{-$lang}/donate',
        '/{-$lang}/donate_/monthly',
        '/{-$lang}/events/',
        '/{-$lang}/events/$id',
        '/{-$lang}/gallery',
        '/{-$lang}/my',
        '/{-$lang}/my:later',
        '/{-$lang}/newsletter/{-$action}',
        '/{-$lang}/programs',
        '/{-$lang}/verify/$code',
        '/{-$lang}/volunteer',
        '/{-$lang}/transparency',
        '/{-$lang}/privacy/$form',
        '/{-$lang}/guardian-consent',
      ].sort(),
    );
    // The shell's own texts (header, 404) in the root; the About page's own only in its part.
    expect(root).toEqual(expect.arrayContaining(['Page Not Found', 'Skip to main content']));
    expect(root).not.toContain('Mission and vision');
    expect(Object.entries(parts).flatMap(([route, keys]) => (keys.includes('Mission and vision') ? [route] : []))).toEqual(['/{-$lang}/about']);
    // The editable pages' texts are their content, in no part: the pages' script carries none of them.
    expect(Object.keys(hindi)).not.toContain('Our Story');
    expect(root.length).toBeLessThan(Object.keys(hindi).length / 2);
    // A sentence of the contract may come from the server to any form: in the root, though one page names it.
    expect(root).toContain('Please fill all required fields');
  });

  it('names the chunk of each part after its route', () => {
    expect(['/{-$lang}/', '/{-$lang}/about', '/{-$lang}/blog/', '/{-$lang}/blog/$id', '/{-$lang}/my:later'].map(partSlug)).toEqual([
      'home',
      'about',
      'blog',
      'blog-id',
      'my-later',
    ]);
  });
});
