import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { attempt, failed } from '../api';

export type MailStatus = components['schemas']['MailStatus'];
export type OutboxMail = components['schemas']['OutboxMail'];
export type OutboxState = components['schemas']['OutboxState'];
export type MessageReply = components['schemas']['MessageReply'];

export const fetchMailStatus = () =>
  attempt<MailStatus>(async () => {
    const { data, error } = await api.GET('/api/get_mail_status.php');
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the mail status');
  });

/** Who gets the notices of new messages and volunteers (empty: every admin). */
export const saveNoticeRecipients = (notify: string[]) =>
  attempt<MailStatus>(async () => {
    const { data, error } = await api.POST('/api/update_mail_settings.php', { body: { notify } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not save the recipients');
  });

export const sendTestMail = (to?: string) =>
  attempt<OutboxMail>(async () => {
    const { data, error } = await api.POST('/api/send_test_mail.php', { body: to ? { to } : {} });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not queue the test e-mail');
  });

export const fetchOutbox = (query: { state?: OutboxState; id?: string } = {}) =>
  attempt<OutboxMail[]>(async () => {
    const { data, error } = await api.GET('/api/get_outbox.php', { params: { query } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the outbox');
  });

export const resendMail = (id: string) =>
  attempt<OutboxMail>(async () => {
    const { data, error } = await api.POST('/api/resend_mail.php', { body: { id } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not send the mail again');
  });

export const fetchReplies = (messageId: string) =>
  attempt<MessageReply[]>(async () => {
    const { data, error } = await api.GET('/api/get_message_replies.php', { params: { query: { id: messageId } } });
    return data?.success ? { ok: true, data: data.data } : failed(error, 'Could not load the replies');
  });

export const sendReply = (messageId: string, message: string) =>
  attempt<{ reply: MessageReply; message: string }>(async () => {
    const { data, error } = await api.POST('/api/reply_message.php', { body: { id: messageId, message } });
    return data?.success ? { ok: true, data: { reply: data.data, message: data.message } } : failed(error, 'Could not send the reply');
  });

/** How a mail's state reads in the admin. */
export const stateLabels: Record<OutboxState, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
