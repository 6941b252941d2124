// The declarations of index.js (kept in step with its JavaScript, which `tsc -p shared` checks
// against them), and the types the backend and the frontend's page renderer hand each other.
import type { components, operations } from './contract.gen';

type Schemas = components['schemas'];
export type Settings = Schemas['Settings'];
export type Blog = Schemas['Blog'];
/** A post as the blog list gets it (`fields=summary`): everything but `content`. */
export type BlogSummary = Schemas['BlogSummary'];
export type GalleryItem = Schemas['GalleryItem'];

/** A post's text as a document (openapi.yaml's BlogDocument), and its parts. */
export type BlogDocument = Schemas['BlogDocument'];
export type BlogBlock = Schemas['BlogBlock'];
export type BlogNestedBlock = Schemas['BlogNestedBlock'];
export type BlogInline = Schemas['BlogInline'];
export type BlogText = Schemas['BlogText'];
export type BlogMark = Schemas['BlogMark'];
export type VideoProvider = Schemas['BlogVideo']['attrs']['provider'];
export type CallToActionKind = Schemas['BlogCallToAction']['attrs']['kind'];

/** A width of the resized WebP variants (`w` of getImage). */
export type ImageWidth = NonNullable<NonNullable<operations['getImage']['parameters']['query']>['w']>;

export declare function formatBytes(bytes: number): string;

/** The newsletter box's notice line by version, and the version shown now. */
export declare const newsletterNotices: Record<number, { en: string; hi: string }>;
export declare const newsletterNoticeVersion: number;

export declare const imageVariantWidths: readonly [320, 640, 960, 1280];
export declare function storedImageUrl(id: string): string;
export declare function imageVariantUrl(imageUrl: string, width: ImageWidth): string;
export declare function imageSrcSet(imageUrl: string): string;

export declare const blockTypes: readonly BlogBlock['type'][];
export declare const nestedBlockTypes: readonly BlogNestedBlock['type'][];
export declare const inlineTypes: readonly BlogInline['type'][];
export declare const markTypes: readonly BlogMark['type'][];
export declare const headingLevels: readonly (2 | 3)[];
export declare const callToActionKinds: readonly CallToActionKind[];
export declare const documentLimits: { maxJsonLength: number; maxDepth: number; maxNodes: number };
export declare const allowedHref: RegExp;
export declare const videoIdPatterns: Record<VideoProvider, RegExp>;
/** Why a parsed document is out of bounds (too deep, too many nodes), or null. */
export declare function documentBoundsProblem(value: unknown): string | null;
/** Every node of a document below its root, depth first. */
export declare function documentNodes(node: { content?: unknown[] }): Generator<BlogBlock | BlogNestedBlock | BlogInline | Schemas['BlogListItem']>;
export declare function documentImageIds(doc: BlogDocument): string[];
/** The legacy `content`: plain text, paragraphs separated by blank lines. */
export declare function documentText(doc: BlogDocument): string;
export declare function documentFromText(text: string): BlogDocument;
export declare function isEmptyDocument(doc: BlogDocument): boolean;
export declare function videoPageUrl(provider: VideoProvider, id: string): string;
export declare function videoEmbedUrl(provider: VideoProvider, id: string): string;

export interface RenderOptions {
  /** The page's language: a call to action leads to its page in it. */
  lang?: Lang;
  /** Put before the site's own paths (images, links, calls to action): the feed's absolute URLs. */
  origin?: string;
  /** The first photo loads at once (a post without a cover picture); every other one lazily. */
  eagerFirstImage?: boolean;
  /** The photos' `sizes`. */
  sizes?: string;
  /** The accessible name of a video's play button. */
  playLabel?: (title: string) => string;
}
/** A post's document as HTML: what the page, the admin and the feed show. */
export declare function renderDocument(doc: BlogDocument, options?: RenderOptions): string;
export declare const defaultSettings: Settings;
export declare const settingsPlaceholders: Omit<Settings, 'legal'>;
/** Every legal sentence the site shows (Settings' `legal`), editable, with these defaults. */
export type LegalTexts = Schemas['LegalTexts'];
export declare const defaultLegalTexts: LegalTexts;
/** A legal sentence in `lang` (the English where its Hindi is empty), `{placeholders}` filled in from `values`. */
export declare function legalText(texts: LegalTexts, key: keyof LegalTexts, lang: Lang, values?: Record<string, string>): string;
export declare const dataRequestSubject: string;
export declare const dataRequestDays: number;
export declare const listPageSize: number;
export declare const feedPath: string;
export declare const plainFormFields: { readonly token: 'form_token'; readonly idempotencyKey: 'idempotency_key' };
export declare const plainFormMaxBytes: number;
export declare const sentQuery: { readonly name: 'sent'; readonly value: '1'; readonly status: 'status'; readonly accepted: 'accepted' };
/** The query parameters each public page reads (by English path), besides those of every page. */
export declare const pageQueries: readonly { pages: readonly string[]; names: readonly string[] }[];
export declare const everyPageQuery: readonly string[];
export declare function pageQueryNames(path: string): string[];
/** The query the page at `path` is rendered and kept with: its parameters only, in one order. */
export declare function pageQueryOf(path: string, search: { get(name: string): string | null }): string;

/**
 * A form sent as a plain post (without the page's script) that the server refused: the page is
 * rendered again with what was typed and why it was refused.
 */
export interface PostedForm {
  /** What was typed, by field name (the hidden fields and the honeypot left out). */
  values: Record<string, string>;
  /** The server's sentence, in English (the page translates it). */
  message: string;
  /** The names of the fields the refusal points at, in the form's order of the contract. */
  fields: string[];
}
/** The languages of the public site: English at the spec's URLs, Hindi under /hi. */
export type Lang = 'en' | 'hi';

/** What a public list's URL selects (?page=&q=&category=); missing values are left out. */
export interface ListSearch {
  page?: number;
  q?: string;
  category?: string;
}

/** What the events list's URL selects (?page=), and how many (the home page's few coming up). */
export interface EventSearch {
  page?: number;
  limit?: number;
  upcoming?: boolean;
}
/** An event as the public reads it (get_event.php's Event). */
export type EventView = Schemas['Event'];

/** One page of a public list; `total` counts the matches over all pages. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * Where the public pages' loaders read published content while the backend renders them: its
 * own in-process source (the published-content cache), so a page never calls back to itself.
 */
export interface PublicData {
  blogPage(search: ListSearch, lang: Lang): Promise<ListPage<BlogSummary>>;
  /** null: no published post with that id. `preview`: the admin's preview of a post not public yet. */
  blogPost(id: string, lang: Lang): Promise<(Blog & { preview?: true }) | null>;
  galleryPage(search: ListSearch, lang: Lang): Promise<ListPage<GalleryItem>>;
  /** A page of the events: those not ended soonest first, then past ones (`upcoming`: those not ended only). */
  eventPage(search: EventSearch, lang: Lang): Promise<ListPage<EventView>>;
  /** null: no published or cancelled event with that id. */
  event(id: string, lang: Lang): Promise<EventView | null>;
  /** A page's published content in one language (with a valid preview link, its draft). */
  page<S extends PageSlug>(slug: S, lang: Lang): Promise<PageViews[S]>;
  /** The programs' names and ids, for what every page shows: the footer, the filters, the tags. */
  programs(lang: Lang): Promise<ProgramLink[]>;
  /** The published campaigns, live ones first, with what each raised (received gifts only). */
  campaigns(lang: Lang): Promise<CampaignView[]>;
  /** null: no published campaign with that id. */
  campaign(id: string, lang: Lang): Promise<CampaignView | null>;
  /** The transparency page's documents, newest financial year first. */
  documents(lang: Lang): Promise<PublicDocument[]>;
  /** What a certificate's code certifies (/verify/<code>); null: no certificate has it. */
  certificate(code: string): Promise<Schemas['CertificateCheck'] | null>;
}
/** A campaign as the public reads it (get_campaign.php's Campaign). */
export type CampaignView = Schemas['Campaign'];
/** A document of the transparency page (get_documents.php). */
export type PublicDocument = Schemas['PublicDocument'];

/** A public page whose content the organisation edits (openapi.yaml's PageSlug). */
export type PageSlug = Schemas['PageSlug'];
/** Each page's content as visitors read it, in one language (get_page.php's PageView). */
export interface PageViews {
  home: Schemas['HomeView'];
  about: Schemas['AboutView'];
  programs: Schemas['ProgramsView'];
  donate: Schemas['DonateView'];
  volunteer: Schemas['VolunteerView'];
  contact: Schemas['ContactView'];
  transparency: Schemas['TransparencyView'];
  'privacy-volunteer': Schemas['NoticeView'];
  'privacy-contact': Schemas['NoticeView'];
  'privacy-donate': Schemas['NoticeView'];
}
/** Each page's stored content, both languages side by side (what the admin edits). */
export interface PageContents {
  home: Schemas['HomeContent'];
  about: Schemas['AboutContent'];
  programs: Schemas['ProgramsContent'];
  donate: Schemas['DonateContent'];
  volunteer: Schemas['VolunteerContent'];
  contact: Schemas['ContactContent'];
  transparency: Schemas['TransparencyContent'];
  'privacy-volunteer': Schemas['NoticeContent'];
  'privacy-contact': Schemas['NoticeContent'];
  'privacy-donate': Schemas['NoticeContent'];
}
/** A program as every page names it: its anchor and category id, and its names by place. */
export type ProgramLink = Pick<Schemas['ProgramView'], 'id' | 'name' | 'tag' | 'filter' | 'across'>;
/**
 * A page's stored content in one language: a text is its Hindi on the Hindi page unless empty (then
 * the English), a long text becomes `html` (rendered with renderDocument), a picture its URL; a
 * program without a gallery filter name gets its tag, without an admin label its English tag.
 */
export declare function pageView<S extends PageSlug>(slug: S, content: PageContents[S], lang: Lang, options?: Omit<RenderOptions, 'lang'>): PageViews[S];
/** Where the content has English but no Hindi, as paths ("hero.title", "impact.figures.0.label", "items.2.body"). */
export declare function missingHindi(content: PageContents[PageSlug]): string[];
/** The programs as every page names them (footer, filters, tags), in their order. */
/** The editable pages in the site's order, by the name the admin gives each. */
export declare const pageNames: Readonly<Record<PageSlug, string>>;
export declare const pageSlugs: readonly PageSlug[];
export declare function programLinks(programs: PageViews['programs']): ProgramLink[];

/** One page to render: everything a render needs travels in here, nothing in module state. */
export interface RenderInput {
  /** Path and query, e.g. /blog?page=2. */
  url: string;
  /** The site's origin for absolute URLs (PUBLIC_URL), without a trailing slash. */
  origin: string;
  settings: Settings;
  data: PublicData;
  /** The built index.html (its script and style tags). */
  template: string;
  /** A plain form post the server refused: shown again on its page with what was typed. */
  form?: PostedForm;
}

export interface RenderedPage {
  status: number;
  html: string;
}

/** What the frontend's server build (dist-server/entry-server.js) gives the backend. */
export interface Renderer {
  renderPage(input: RenderInput): Promise<RenderedPage>;
}
