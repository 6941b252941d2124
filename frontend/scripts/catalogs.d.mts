import type { Plugin } from 'vite';

export const catalogsDir: string;
export function readCatalogs(dir?: string): Record<string, Record<string, string>>;
export function catalogProblems(catalogs: Record<string, Record<string, unknown>>): string[];
export const sourceDir: string;
export function missingSourceTexts(catalogs: Record<string, Record<string, unknown>>, dir?: string): string[];
export function compileCatalog(catalog: Record<string, string>): Record<string, unknown>;
export const partSlug: (routeId: string) => string;
export function splitCatalog(catalog: Record<string, string>, dir?: string): { root: string[]; parts: Record<string, string[]>; problems: string[] };
export const catalogPartsManifestFile: string;
export function catalogsPlugin(dir?: string, srcDir?: string): Plugin;
