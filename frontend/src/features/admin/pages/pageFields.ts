// What the admin edits on each page, in the order the page shows it: the *Content schemas of
// openapi.yaml as labelled fields. PageForm renders a page's list; `key` is the property.
import type { PageSlug } from '@ngo-site/shared';

/** Any value of a page's content, addressed by a field's path. */
export type Loose = Record<string, unknown>;

export type FieldSpec =
  /** A PageText: one input (or textarea when `long`) per language. */
  | { kind: 'text'; key: string; label: string; long?: boolean; hint?: string }
  /** A PageRichText: the posts' editor, one per language. */
  | { kind: 'rich'; key: string; label: string }
  /** A PagePicture: a media library image, or none. */
  | { kind: 'picture'; key: string; label: string }
  /** A string with no Hindi (a figure's suffix, the admin's name of a program). */
  | { kind: 'plain'; key: string; label: string; maxLength: number; hint?: string }
  | { kind: 'number'; key: string; label: string; min: number; max: number }
  | { kind: 'check'; key: string; label: string; hint?: string }
  /** A program's id: its anchor on /programs and the category of posts about it. */
  | { kind: 'programId'; key: string; label: string }
  | { kind: 'group'; key: string; label: string; fields: FieldSpec[] }
  | ListSpec;

export interface ListSpec {
  kind: 'list';
  key: string;
  label: string;
  /** One item, as its buttons name it ("Add person"). */
  item: string;
  fields: FieldSpec[];
  min: number;
  max: number;
  /** The items are fixed (the home page's three cards): none added, removed or moved. */
  fixed?: boolean;
  /** What a new item starts as. */
  blank: () => Loose;
  /** How the item is named in its buttons ("Move Rohit Oraon up"); empty: "person 2". */
  nameOf: (item: Loose) => string;
}

const emptyText = () => ({ en: '', hi: '' });
const emptyRich = () => ({ en: { type: 'doc', content: [] }, hi: null });
const englishOf = (field: string) => (item: Loose) => ((item[field] as { en?: string } | undefined)?.en ?? '').trim();

const text = (key: string, label: string, more: { long?: boolean; hint?: string } = {}): FieldSpec => ({ kind: 'text', key, label, ...more });
const long = (key: string, label: string) => text(key, label, { long: true });
const rich = (key: string, label: string): FieldSpec => ({ kind: 'rich', key, label });
const group = (key: string, label: string, fields: FieldSpec[]): FieldSpec => ({ kind: 'group', key, label, fields });

const metaDescription = text('meta_description', 'Description for search engines', {
  long: true,
  hint: 'Shown under the page’s title in search results.',
});
const hero = group('hero', 'Top of the page', [text('eyebrow', 'Line above the title'), text('title', 'Title'), long('intro', 'Introduction')]);
const titledText = (key: string, label: string) => group(key, label, [text('title', 'Title'), long('text', 'Text')]);
const titledRich = (key: string, label: string) => group(key, label, [text('title', 'Title'), rich('text', 'Text')]);

const programFigures: ListSpec = {
  kind: 'list',
  key: 'figures',
  label: 'Figures',
  item: 'figure',
  fields: [text('label', 'Label'), text('value', 'Value')],
  min: 0,
  max: 8,
  blank: () => ({ label: emptyText(), value: emptyText() }),
  nameOf: englishOf('label'),
};

/** A new program: the admin gives it its id and names; it is not on the home page until ticked. */
export const blankProgram = () => ({
  id: '',
  name: emptyText(),
  tag: emptyText(),
  filter: emptyText(),
  admin_label: '',
  summary: emptyText(),
  body: emptyRich(),
  where: emptyText(),
  figures: [],
  picture: null,
  on_home: false,
  across: false,
});

/** A form's privacy notice (DPDP Rules, 2025): the grievance officer of Settings is shown under it. */
const noticeFields: FieldSpec[] = [
  metaDescription,
  text('title', 'Title'),
  long('intro', 'Introduction'),
  titledRich('collected', 'What is collected'),
  titledRich('purpose', 'Why'),
  titledRich('retention', 'How long it is kept'),
  titledRich('rights', 'How to withdraw consent or complain'),
];

export const pageFields: Record<PageSlug, FieldSpec[]> = {
  home: [
    metaDescription,
    group('hero', 'Top of the page', [
      text('eyebrow', 'Line above the title'),
      text('title', 'Title'),
      long('text', 'Text'),
      text('primary_label', 'Button to Donate'),
      text('secondary_label', 'Button to Programs'),
      text('badge_value', 'Badge figure'),
      text('badge_text', 'Badge text'),
    ]),
    group('impact', 'Our impact', [
      text('eyebrow', 'Line above the title'),
      text('title', 'Title'),
      {
        kind: 'list',
        key: 'figures',
        label: 'Impact figures',
        item: 'figure',
        fields: [
          { kind: 'number', key: 'value', label: 'Value', min: 0, max: 1_000_000_000 },
          { kind: 'plain', key: 'suffix', label: 'After the number', maxLength: 8, hint: 'Such as +' },
          text('label', 'Label'),
        ],
        min: 1,
        max: 12,
        blank: () => ({ value: 0, suffix: '', label: emptyText() }),
        nameOf: englishOf('label'),
      },
    ]),
    group('programs', 'Programs', [text('eyebrow', 'Line above the title'), text('title', 'Title'), long('text', 'Text')]),
    group('involved', 'Get involved', [
      text('eyebrow', 'Line above the title'),
      text('title', 'Title'),
      long('text', 'Text'),
      {
        kind: 'list',
        key: 'cards',
        label: 'Cards (Donate, Volunteer, Partner)',
        item: 'card',
        fields: [text('title', 'Title'), long('text', 'Text'), text('action', 'Button')],
        min: 3,
        max: 3,
        fixed: true,
        blank: () => ({ title: emptyText(), text: emptyText(), action: emptyText() }),
        nameOf: englishOf('title'),
      },
    ]),
  ],
  about: [
    metaDescription,
    hero,
    group('story', 'Our story', [
      text('eyebrow', 'Line above the title'),
      text('title', 'Title'),
      rich('text', 'Text'),
      { kind: 'picture', key: 'picture', label: 'Picture' },
      text('picture_alt', 'Picture description (alt text)'),
    ]),
    titledRich('mission', 'Mission'),
    titledRich('vision', 'Vision'),
    group('values', 'Values', [
      text('title', 'Title'),
      {
        kind: 'list',
        key: 'items',
        label: 'Values',
        item: 'value',
        fields: [text('title', 'Title'), long('text', 'Text')],
        min: 0,
        max: 12,
        blank: () => ({ title: emptyText(), text: emptyText() }),
        nameOf: englishOf('title'),
      },
    ]),
    group('team', 'Team', [
      text('eyebrow', 'Line above the title'),
      text('title', 'Title'),
      long('text', 'Text'),
      {
        kind: 'list',
        key: 'people',
        label: 'People',
        item: 'person',
        fields: [text('name', 'Name'), text('role', 'Role'), long('bio', 'Biography'), { kind: 'picture', key: 'photo', label: 'Photo' }],
        min: 0,
        max: 40,
        blank: () => ({ name: emptyText(), role: emptyText(), bio: emptyText(), photo: null }),
        nameOf: englishOf('name'),
      },
    ]),
    titledText('volunteer', 'Volunteer band'),
  ],
  programs: [
    metaDescription,
    hero,
    text('across_eyebrow', 'Line above the programs that run across the others'),
    {
      kind: 'list',
      key: 'items',
      label: 'Programs',
      item: 'program',
      fields: [
        { kind: 'programId', key: 'id', label: 'Id (anchor and category)' },
        text('name', 'Name'),
        text('tag', 'Tag', { hint: 'Its category on posts and in the blog filter.' }),
        text('filter', 'Gallery filter', { hint: 'Empty: the tag.' }),
        { kind: 'plain', key: 'admin_label', label: 'Name in the admin’s category lists', maxLength: 60, hint: 'Empty: the English tag.' },
        long('summary', 'Summary'),
        rich('body', 'Text'),
        text('where', 'Where it runs', { hint: 'Empty hides the line.' }),
        programFigures,
        { kind: 'picture', key: 'picture', label: 'Picture' },
        { kind: 'check', key: 'on_home', label: 'Shown on the home page' },
        { kind: 'check', key: 'across', label: 'Runs across every program', hint: 'Shown after the others.' },
      ],
      min: 1,
      max: 20,
      blank: blankProgram,
      nameOf: englishOf('name'),
    },
    titledText('cta', 'Closing band'),
  ],
  donate: [
    metaDescription,
    hero,
    text('form_title', 'Title of the form'),
    group('impact', 'What a gift does', [
      text('title', 'Title'),
      {
        kind: 'list',
        key: 'items',
        label: 'Gifts',
        item: 'gift',
        fields: [{ kind: 'number', key: 'amount', label: 'Amount (₹)', min: 1, max: 10_000_000 }, text('text', 'What it does')],
        min: 0,
        max: 8,
        blank: () => ({ amount: 500, text: emptyText() }),
        nameOf: (item) => (typeof item.amount === 'number' ? `₹${item.amount}` : ''),
      },
    ]),
  ],
  volunteer: [
    metaDescription,
    hero,
    group('reasons', 'Why volunteer', [
      text('title', 'Title'),
      {
        kind: 'list',
        key: 'items',
        label: 'Reasons',
        item: 'reason',
        fields: [text('title', 'Title'), long('text', 'Text')],
        min: 0,
        max: 8,
        blank: () => ({ title: emptyText(), text: emptyText() }),
        nameOf: englishOf('title'),
      },
    ]),
    text('form_title', 'Title of the form'),
  ],
  contact: [
    text('meta_description', 'Description for search engines', { long: true, hint: '{name} stands for the organisation’s name.' }),
    hero,
    text('form_title', 'Title of the form'),
    text('office_title', 'Title of the office’s address'),
    text('hours_title', 'Title of the office hours'),
  ],
  transparency: [
    metaDescription,
    hero,
    text('registrations_title', 'Title of the registrations (their numbers are in Settings)'),
    group('board', 'Governing board', [
      text('title', 'Title'),
      long('text', 'Text'),
      {
        kind: 'list',
        key: 'members',
        label: 'Members of the board',
        item: 'member',
        fields: [text('name', 'Name'), text('position', 'Position on the board'), text('occupation', 'Occupation')],
        min: 0,
        max: 30,
        blank: () => ({ name: emptyText(), position: emptyText(), occupation: emptyText() }),
        nameOf: englishOf('name'),
      },
    ]),
    text('documents_title', 'Title of the documents (uploaded under Compliance)'),
  ],
  'privacy-volunteer': noticeFields,
  'privacy-contact': noticeFields,
  'privacy-donate': noticeFields,
};

/** A program id as openapi.yaml's ProgramId allows it. */
export const programIdPattern = /^[a-z][a-z0-9-]{0,39}$/;

/** Why the programs cannot be saved as they are (ids missing, malformed or twice), in sentences. */
export function programProblems(items: { id: string }[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const id = item.id.trim();
    if (!programIdPattern.test(id))
      problems.push(`Program ${index + 1}: the id must start with a small letter and hold only small letters, digits and hyphens (up to 40).`);
    else if (seen.has(id)) problems.push(`Program ${index + 1}: the id “${id}” is used by another program.`);
    seen.add(id);
  });
  return problems;
}
