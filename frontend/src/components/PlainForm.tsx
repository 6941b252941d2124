// What a form needs to work before (or without) the page's script (docs/forms.md): the server
// takes it as a plain post at the page's own URL, answers a success with the page at ?sent=1,
// and a refusal with the page again, holding what was typed and a summary of what to mend.
import { rootRouteId, useRouteContext, useRouterState } from '@tanstack/react-router';
import { plainFormFields, sentQuery, type PostedForm } from '@ngo-site/shared';
import { useTranslator, type MessageKey } from '../i18n/i18n';

/**
 * The form's two hidden fields, written without a value: the server fills in each visitor's (the
 * signed time the page was served, an idempotency key), and React leaves them as they are.
 */
export function PlainFormFields() {
  return (
    <>
      <input type="hidden" name={plainFormFields.token} suppressHydrationWarning />
      <input type="hidden" name={plainFormFields.idempotencyKey} suppressHydrationWarning />
    </>
  );
}

/**
 * Where a form goes without the script: its own page, at the element `anchor` names if given (a
 * GET that opens a part of the page). A form posted there has no fragment: its answer opens at
 * the element that has the focus (`autofocus`: the error summary, or the confirmation), which a
 * fragment in the address would stop the browser from focusing.
 */
export function usePlainFormAction(anchor?: string): string {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return anchor ? `${pathname}#${anchor}` : pathname;
}

/** The plain post the server refused and shows again on this page, if any. */
export function usePostedForm(): PostedForm | undefined {
  return useRouteContext({ from: rootRouteId, select: (context) => context.postedForm.current });
}

/** Whether the page was opened as the answer to its form sent as a plain post (`?sent=1`). */
export function useSentByPlainPost(): boolean {
  return useRouterState({ select: (state) => String((state.location.search as Record<string, unknown>)[sentQuery.name]) === sentQuery.value });
}

/** Whether the form sent as a plain post was taken but waits for someone else's confirmation (`?sent=accepted`, a 202). */
export function useAcceptedByPlainPost(): boolean {
  return useRouterState({ select: (state) => String((state.location.search as Record<string, unknown>)[sentQuery.name]) === sentQuery.accepted });
}

/**
 * Why a plain post was refused, at the top of the form (the GOV.UK error summary): the server's
 * sentence, then a link to each field it names: `fieldIds` and `labels` give each field's control
 * and label. It has the focus as the page opens (`autofocus`, script or not), so a screen reader
 * reads it first; the fields it names point at its sentence (the form model's `aria-describedby`).
 */
export function ErrorSummary({
  form: { refused: posted, summaryId: id },
  fieldIds,
  labels,
}: {
  /** The form model: the summary shows while it holds a refused post. */
  form: { refused?: PostedForm; summaryId: string };
  fieldIds: Record<string, string>;
  labels: Record<string, MessageKey>;
}) {
  const { t } = useTranslator();
  if (!posted) return null;
  const named = posted.fields.filter((name) => fieldIds[name]);
  return (
    <div id={id} className="error-summary span-all" role="alert" aria-labelledby={`${id}-title`} tabIndex={-1} autoFocus>
      <h2 id={`${id}-title`} className="error-summary-title">
        {t(posted.message as MessageKey)}
      </h2>
      {named.length > 0 && (
        <ul>
          {named.map((name) => (
            <li key={name}>
              <a href={`#${fieldIds[name]}`}>{labels[name] ? t(labels[name]) : name}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
