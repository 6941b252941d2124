// The calls of a post's history (openapi.yaml: revisions, restore, autosaves), as admin outcomes.
import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../../api/client';
import type { Blog } from '../../../../api/types';
import { attempt, sentence, type Outcome, failed } from '../../api';
import { versionConflictOf, type PostVersion } from '../../upload';

export type RevisionRow = components['schemas']['BlogRevisionRow'];
export type Revision = components['schemas']['BlogRevision'];
export type Autosave = components['schemas']['BlogAutosave'];
/** What the form autosaves: its fields as typed (the texts as the editor's JSON). */
export type AutosaveFields = Omit<components['schemas']['BlogAutosaveFields'], 'post' | 'version'>;

export const historyMessages = {
  revisionsLoadFailed: 'Failed to load the revisions',
  revisionLoadFailed: 'Failed to load this revision',
  restoreFailed: 'Failed to restore this revision',
  autosaveFailed: 'Draft not saved',
};

export function fetchRevisions(id: string): Promise<Outcome<RevisionRow[]>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_blog_revisions.php', { params: { query: { id } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, historyMessages.revisionsLoadFailed);
  });
}

export function fetchRevision(id: string, version: number): Promise<Outcome<Revision>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_blog_revision.php', { params: { query: { id, version } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, historyMessages.revisionLoadFailed);
  });
}

/** Restores `revision` over `version` (the one the form has open); a conflict names the current one. */
export async function restoreRevision(
  id: string,
  revision: number,
  version: number,
): Promise<Outcome<{ message: string; post: Blog }> & { conflict?: PostVersion }> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/restore_blog_revision.php', { body: { id, revision, version } });
    if (data?.success) return { ok: true, data: { message: data.message, post: data.data } };
    const conflict = versionConflictOf(error as { message?: unknown } | null);
    return { ...failed(error, historyMessages.restoreFailed), ...(conflict ? { conflict } : {}) };
  });
}

/** Keeps the form's fields in the caller's own slot of post `slot` ("new" for a post not yet saved). */
export function autosave(slot: string, version: number | undefined, fields: AutosaveFields): Promise<Outcome<{ saved_at: string }>> {
  return attempt(async () => {
    const { data, error } = await api.POST('/api/autosave_blog.php', { body: { post: slot, ...(version ? { version } : {}), ...fields } });
    return data?.success ? { ok: true, data: data.data } : failed(error, historyMessages.autosaveFailed);
  });
}

export function fetchAutosave(slot: string): Promise<Outcome<Autosave | null>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_blog_autosave.php', { params: { query: { post: slot } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, historyMessages.autosaveFailed);
  });
}

export function discardAutosave(slot: string): Promise<Outcome<string>> {
  return attempt(async () => sentence(await api.POST('/api/discard_blog_autosave.php', { body: { post: slot } }), historyMessages.autosaveFailed));
}
