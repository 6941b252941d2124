import type { components, paths } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, failed, type Outcome } from '../api';

export type Pledge = components['schemas']['Pledge'];
export type PledgeQuery = NonNullable<paths['/api/get_pledges.php']['get']['parameters']['query']>;

export function fetchPledges(query: PledgeQuery): Promise<Outcome<{ pledges: Pledge[]; total: number }>> {
  return attempt(async () => {
    const { data, error, response } = await api.GET('/api/get_pledges.php', { params: { query } });
    if (!data?.success) return failed(error, 'Could not load the pledges');
    return { ok: true, data: { pledges: data.data, total: Number(response.headers.get('X-Total-Count') ?? data.data.length) } };
  });
}

/** Pauses, resumes or stops a pledge; the server's sentence. */
export function changePledge(id: string, action: 'pause' | 'resume' | 'stop'): Promise<Outcome<string>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/update_pledge.php', { body: { id, action } });
    return data?.success ? { ok: true, data: data.message } : failed(error, 'Could not change the pledge');
  });
}
