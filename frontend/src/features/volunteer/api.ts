import { api } from '../../api/client';
import { failureMessage } from '../../api/failure';
import type { components } from '@ngo-site/contract';

export type VolunteerApplication = components['schemas']['VolunteerInput'];

export const volunteerMessages = {
  fillRequired: 'Please fill all required fields',
  failed: 'Registration failed',
  noConnection: 'Error connecting to server',
  registered: 'Volunteer registered successfully!',
} as const;

export type RegistrationOutcome = { ok: true } | { ok: false; message: string };

export async function registerVolunteer(application: VolunteerApplication): Promise<RegistrationOutcome> {
  try {
    const { data, error } = await api.POST('/api/volunteer_save.php', { body: application });
    if (data?.success) return { ok: true };
    return { ok: false, message: (data ? data.message : failureMessage(error)) || volunteerMessages.failed };
  } catch {
    return { ok: false, message: volunteerMessages.noConnection };
  }
}
