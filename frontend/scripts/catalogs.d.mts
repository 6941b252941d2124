import type { Plugin } from 'vite';

export const catalogsDir: string;
export function readCatalogs(dir?: string): Record<string, Record<string, string>>;
export function catalogProblems(catalogs: Record<string, Record<string, unknown>>): string[];
export const sourceDir: string;
export function missingSourceTexts(catalogs: Record<string, Record<string, unknown>>, dir?: string): string[];
export function compileCatalog(catalog: Record<string, string>): Record<string, unknown>;
export function catalogsPlugin(dir?: string): Plugin;
