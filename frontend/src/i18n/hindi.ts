import { setupI18n } from '@lingui/core';
import messages from 'virtual:messages/hi';
import { localeOf } from './paths';

/** The Hindi messages with Lingui's runtime: one chunk, loaded only when a Hindi page is opened. */
export const hindi = setupI18n({ locale: localeOf.hi, messages: { [localeOf.hi]: messages } });
