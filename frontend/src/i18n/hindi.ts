import { setupI18n } from '@lingui/core';
import catalog from 'virtual:catalog/hi';
import { localeOf } from './paths';

/** The Hindi catalog with Lingui's runtime: one chunk, loaded only when a Hindi page is opened. */
export const hindi = setupI18n({ locale: localeOf.hi, messages: { [localeOf.hi]: catalog } });
