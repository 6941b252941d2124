import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogProblems, missingSourceTexts, readCatalogs } from '../../scripts/catalogs.mjs';
import { fillIn } from './i18n';
import { englishPath, hindiPath, langOfPath, pathIn } from './paths';

describe('the paths of the two languages', () => {
  it('gives the Hindi twin of every public page and the English page back', () => {
    const pages = ['/', '/about', '/programs', '/blog', `/blog/${'a'.repeat(24)}`, '/gallery', '/donate', '/contact', '/volunteer'];
    for (const page of pages) {
      const hindi = hindiPath(page)!;
      expect(hindi).toBe(page === '/' ? '/hi' : `/hi${page}`);
      expect(langOfPath(hindi)).toBe('hi');
      expect(englishPath(hindi)).toBe(page);
      expect(hindiPath(hindi)).toBe(hindi);
      expect(pathIn('en', page)).toBe(page);
    }
  });

  it('has no Hindi version of the login, the admin area or an unknown path', () => {
    for (const page of ['/login', '/admin', '/admin/dashboard', '/history', '/blog/a/b']) expect(hindiPath(page)).toBeNull();
    expect(langOfPath('/history')).toBe('en');
    expect(langOfPath('/hindi')).toBe('en');
  });
});

describe('the translation catalogs', () => {
  it('hold every text the site shows, each translated, parsed and with its placeholders', () => {
    const catalogs = readCatalogs();
    expect(Object.keys(catalogs)).toEqual(['hi']);
    expect(catalogProblems(catalogs)).toEqual([]);
    expect(missingSourceTexts(catalogs)).toEqual([]);
    // The interface's texts; the editable pages' own are their content (shared/src/page-seed.js).
    expect(Object.keys(catalogs.hi!).length).toBeGreaterThan(150);
  });

  it('names a text a language lacks, an empty or broken translation and a lost placeholder', () => {
    const problems = catalogProblems({
      hi: { 'Donate Now': 'अभी दान करें', 'Page {page} of {pages}': 'पेज {page}', 'About {name}': '{name के बारे में', Other: '' },
      ta: { 'Donate Now': 'இப்போது நன்கொடை', 'Page {page} of {pages}': '{page} / {pages}', Other: 'மற்றவை' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'hi.json: "Page {page} of {pages}" has placeholders {page} where the English has {page,pages}',
        expect.stringMatching(/^hi\.json: "About \{name\}" does not parse/),
        'hi.json: "Other" is empty or not text',
        'ta.json: "About {name}" is missing',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('names a text the code passes to t() that a catalog lacks', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
    mkdirSync(path.join(dir, 'features'));
    writeFileSync(
      path.join(dir, 'features', 'Page.tsx'),
      "export const a = (t: (s: string) => string) => [t('Donate Now'), t('Brand new text'), t('It\\'s here')];\n",
    );
    expect(missingSourceTexts({ hi: { 'Donate Now': 'अभी दान करें' } }, dir)).toEqual([
      'hi.json lacks "Brand new text" (features/Page.tsx)',
      `hi.json lacks "It's here" (features/Page.tsx)`,
    ]);
  });

  it('makes a text missing from hi.json a type error (npm run typecheck fails on it)', () => {
    expect(fillIn('Page {page} of {pages}', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    // @ts-expect-error: not a text of the site, so not a key of hi.json
    expect(fillIn('A text nobody translated')).toBe('A text nobody translated');
  });
});
