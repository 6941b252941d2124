import { describe, expect, it } from 'vitest';
import type { PageContents } from './index.js';
import { documentText } from './blog-document.js';
import { pageSeed } from './page-seed.js';
import { contentSchema, pageSlugs as slugs, repoFile } from './contract.test-support.js';

const catalogue = JSON.parse(repoFile('frontend/src/i18n/catalogs/hi.json')) as Record<string, string>;

/** Every {en, hi} pair of a page with its path: texts as they are, documents as their paragraphs. */
function* pairs(node: unknown, path: string): Generator<{ path: string; en: string; hi: string }> {
  if (!node || typeof node !== 'object') return;
  const { en, hi } = node as { en?: unknown; hi?: unknown };
  if (typeof en === 'string' && typeof hi === 'string') yield { path, en, hi };
  else if (en && typeof en === 'object' && 'type' in en) {
    const english = documentText(en as PageContents['about']['story']['text']['en']).split('\n\n');
    const hindi = hi ? documentText(hi as PageContents['about']['story']['text']['en']).split('\n\n') : english.map(() => '');
    for (const [at, paragraph] of english.entries()) yield { path: `${path}.${at}`, en: paragraph, hi: hindi[at] ?? '' };
  } else for (const [key, value] of Object.entries(node)) yield* pairs(value, path ? `${path}.${key}` : key);
}

describe('the pages’ first content', () => {
  it.each(slugs)('is valid content of the %s page by the contract', (slug) => {
    const validate = contentSchema(slug);
    expect(validate(pageSeed[slug]), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(slugs)('has the texts the %s page showed, with the catalogue’s Hindi', (slug) => {
    // Not in the catalogue: the founders' names (the same in Hindi), the values' title (the
    // section is new and hidden), where the programs run (new, empty).
    const own: Record<string, string> = { 'Our Values': 'हमारे मूल्य', '': '' };
    for (const person of pageSeed.about.team.people) own[person.name.en] = person.name.en;
    for (const { path, en, hi } of pairs(pageSeed[slug], '')) {
      const expected = Object.hasOwn(catalogue, en) ? catalogue[en] : own[en];
      expect({ path, hi }).toEqual({ path, hi: expected });
    }
  });

  it('lists the five programs, the first three on the home page and women empowerment across them', () => {
    const items = pageSeed.programs.items;
    expect(items.map((item) => [item.id, item.on_home, item.across])).toEqual([
      ['health', true, false],
      ['education', true, false],
      ['reforestation', true, false],
      ['sustainable-farming', false, false],
      ['women-empowerment', false, true],
    ]);
    expect(items.map((item) => [item.tag.en, item.filter.en, item.admin_label])).toEqual([
      ['Health', 'Health Care', 'Clean Water'],
      ['Education', 'Education', 'Education'],
      ['Reforestation', 'Reforestation', 'Reforestation'],
      ['Sustainable Farming', 'Sustainable Farming', 'Sustainable Farming'],
      ['Women Empowerment', 'Women Empowerment', 'Women Empowerment'],
    ]);
    expect(items[2]!.figures[0]).toEqual({
      label: { en: 'Tree target this financial year', hi: catalogue['Tree target this financial year'] },
      value: { en: '100,000 plants', hi: '1,00,000 पौधे' },
    });
  });

  it('keeps the organisation’s name as a placeholder in the contact page’s description', () => {
    expect(pageSeed.contact.meta_description.en).toContain('{name}');
    expect(pageSeed.contact.meta_description.hi).toContain('{name}');
  });
});
