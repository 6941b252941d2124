// 4. Page weight: the JS and CSS `/` needs (and the JS of `/hi`), gzip as nginx sends it, against
// all of the build's, and the requests a phone really makes for `/` in Chromium.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath, haveChromium, launchBrowser } from '../../../tools/browser.mjs';
import { backendOf, type BenchContext } from '../context.js';
import { kib } from '../report.js';
import { need, Skip, type SectionOutput } from '../section.js';
import { nginxGzip } from './api-read.js';
import { homeRouteModules } from '../../../frontend/scripts/public-code.mjs';

const homeTargetBytes = 100 * 1024;
const homeRequestTarget = 20;

interface ChunkInfo {
  modules?: string[];
  imports?: string[];
  css?: string[];
}

const attributeValues = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!.replace(/^\//, ''));

const { en: englishHome, hi: hindiHome } = homeRouteModules;

/** The JS and CSS files a home page loads: index.html's, their static imports, and its route's chunks. */
function homeFiles(distDir: string, routeModules = englishHome): { scripts: string[]; styles: string[]; homeChunkFound: boolean } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestPath = path.join(distDir, '.vite/chunk-modules.json');
  const chunks: Record<string, ChunkInfo> = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const staticImports = (file: string): string[] => {
    if (chunks[file]?.imports) return chunks[file].imports;
    // Without the build's chunk list, read the `import … from "./x.js"` statements themselves.
    const code = readFileSync(path.join(distDir, file), 'utf8');
    return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((match) => path.posix.join(path.posix.dirname(file), match[1]!));
  };
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(path.join(distDir, file))) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  attributeValues(html, /<script[^>]*\bsrc="([^"]+)"/g).forEach(visit);
  attributeValues(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g).forEach(visit);
  // The router fetches the home route's split-off component when `/` renders.
  const homeChunks = Object.entries(chunks)
    .filter(([, chunk]) => chunk.modules?.some((id) => routeModules.some((pattern) => pattern.test(id))))
    .map(([file]) => file);
  homeChunks.forEach(visit);
  const scripts = [...seen];
  const styles = [
    ...new Set([...attributeValues(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g), ...scripts.flatMap((file) => chunks[file]?.css ?? [])]),
  ];
  return { scripts, styles, homeChunkFound: homeChunks.length > 0 };
}

function allAssets(distDir: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(distDir, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? (entry.name === '.vite' ? [] : walk(path.posix.join(dir, entry.name))) : [path.posix.join(dir, entry.name)],
    );
  return walk('.')
    .map((file) => path.posix.normalize(file))
    .filter((file) => /\.(js|css)$/.test(file));
}

interface BrowserVisit {
  byType: Record<string, number>;
  requests: number;
  jsCssGzipBytes: number;
  otherBytes: number;
  failed: string[];
}

/** Loads `/` at phone size in Chromium from the in-process backend (which serves dist too). */
async function visitHome(url: string): Promise<BrowserVisit> {
  need(haveChromium(), `no Chromium at ${chromiumPath}`);
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const visit: BrowserVisit = { byType: {}, requests: 0, jsCssGzipBytes: 0, otherBytes: 0, failed: [] };
    const pending: Promise<void>[] = [];
    page.on('requestfailed', (request) => visit.failed.push(`${request.url()} (${request.failure()?.errorText})`));
    page.on('response', (response) => {
      const type = response.request().resourceType();
      visit.requests++;
      visit.byType[type] = (visit.byType[type] ?? 0) + 1;
      pending.push(
        response.body().then(
          (body) => {
            if (type === 'script' || type === 'stylesheet') visit.jsCssGzipBytes += nginxGzip(body);
            else visit.otherBytes += body.length;
          },
          () => undefined,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    // Images below the fold load as the visitor scrolls; the first screen is what is measured.
    await Promise.all(pending);
    return visit;
  } finally {
    await browser.close();
  }
}

export async function pageWeight(context: BenchContext, out: SectionOutput): Promise<void> {
  const distDir = context.build.distDir;
  need(distDir && existsSync(path.join(distDir, 'index.html')), context.build.note ?? 'no frontend build to measure');
  if (context.build.note) out.notes.push(context.build.note);
  const home = homeFiles(distDir);
  const hindi = homeFiles(distDir, hindiHome);
  const gzipOf = (files: string[]) => files.reduce((sum, file) => sum + nginxGzip(readFileSync(path.join(distDir, file))), 0);
  const homeScripts = gzipOf(home.scripts);
  const hindiScripts = gzipOf(hindi.scripts);
  const homeStyles = gzipOf(home.styles);
  const all = allAssets(distDir);
  const allBytes = gzipOf(all);
  const homeBytes = homeScripts + homeStyles;
  out.rows.push(
    { measure: `JS for / (${home.scripts.length} files)`, value: kib(homeScripts), target: '≤ 100 KiB', met: homeScripts <= homeTargetBytes },
    {
      measure: `JS for /hi (${hindi.scripts.length} files)`,
      value: kib(hindiScripts),
      baseline: 'JS for /',
      ratio: hindiScripts / homeScripts,
      target: '≤ 100 KiB',
      met: hindiScripts <= homeTargetBytes,
    },
    { measure: `CSS for / (${home.styles.length} files)`, value: kib(homeStyles) },
    {
      measure: 'JS+CSS for /, gzip',
      value: kib(homeBytes),
      baseline: `${kib(allBytes)} all`,
      ratio: homeBytes / allBytes,
      target: '≤ 100 KiB',
      met: homeBytes <= homeTargetBytes,
    },
  );
  if (!home.homeChunkFound) out.notes.push('the home route chunk could not be identified (no .vite/chunk-modules.json): / may load a little more than counted');
  out.data = {
    hindiScripts: hindi.scripts,
    hindiScriptGzipBytes: hindiScripts,
    homeScripts: home.scripts,
    homeStyles: home.styles,
    homeGzipBytes: homeBytes,
    allGzipBytes: allBytes,
    allFiles: all.length,
  };

  try {
    const backend = backendOf(context);
    const visit = await visitHome(`${backend.url}/`);
    const types = Object.entries(visit.byType)
      .sort(([, a], [, b]) => b - a)
      .map(([type, count]) => `${count} ${type}`)
      .join(', ');
    out.rows.push(
      {
        measure: 'requests made by / (phone, Chromium)',
        value: String(visit.requests),
        target: `≤ ${homeRequestTarget}`,
        met: visit.requests <= homeRequestTarget,
      },
      { measure: `  by type: ${types}`, value: '' },
      {
        measure: '  JS+CSS the browser loaded, gzip',
        value: kib(visit.jsCssGzipBytes),
        baseline: `${kib(homeBytes)} counted`,
        ratio: visit.jsCssGzipBytes / homeBytes,
      },
      { measure: '  everything else (HTML, API, images)', value: kib(visit.otherBytes) },
    );
    if (visit.failed.length) out.notes.push(`requests that failed in the browser: ${visit.failed.join('; ')}`);
    out.data.browser = visit;
  } catch (error) {
    out.notes.push(`browser visit skipped: ${error instanceof Skip || error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}
