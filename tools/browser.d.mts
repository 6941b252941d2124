import type { Browser } from 'playwright-core';

export const chromiumPath: string;
export const chromiumFlags: readonly string[];
export function haveChromium(): boolean;
export function launchBrowser(options?: { args?: string[]; env?: Record<string, string> }): Promise<Browser>;
