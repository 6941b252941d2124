import { apiClient } from '../../api/on-demand';
import { failureMessage } from '../../api/failure';
import { apiMessages } from '../../api/messages';
import type { components } from '@ngo-site/shared/contract';
import { langQuery, type Lang } from '../../i18n/paths';
import { keptOfflineKey } from '../../offline/KeptForm';

export type VolunteerApplication = components['schemas']['VolunteerInput'];

/** The form's own sentences: said before any call, or when a refusal came without a message. */
export const volunteerMessages = {
  fillRequired: 'Please fill all required fields',
  failed: 'Registration failed',
  /** The server's sentence for a saved registration, said again on the page a plain post leads to. */
  registered: 'Volunteer registered successfully!',
  /** The server's sentence for a volunteer under 18, whose guardian must confirm first (202). */
  guardianAsked: 'Thank you! We have e-mailed your parent or guardian: your registration is kept once they confirm it within 7 days.',
} as const;

/**
 * Either way, the sentence to show: the server's ("Volunteer registered successfully!") when it sent one.
 * `kept`: sent offline, the service worker keeps it to send later (the key it is kept under).
 */
export type RegistrationOutcome = { ok: true; message: string; kept?: string } | { ok: false; message: string };

/** The page's language goes along: the welcome mail is written in it. */
export async function registerVolunteer(application: VolunteerApplication, lang: Lang = 'en'): Promise<RegistrationOutcome> {
  try {
    const { data, error, response } = await (await apiClient()).POST('/api/volunteer_save.php', { params: { query: langQuery(lang) }, body: application });
    if (data?.success) return { ok: true, message: data.message, kept: keptOfflineKey(response) };
    return { ok: false, message: (data ? data.message : failureMessage(error)) || volunteerMessages.failed };
  } catch {
    return { ok: false, message: apiMessages.noConnection };
  }
}
