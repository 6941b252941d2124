import { useState, type FormEvent } from 'react';
import { SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Form, useForm } from '../../components/Form';
import { fromServer } from './signed-in-sentences';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { eraseMe, raiseGrievance, removeNominee, saveNominee, withdrawConsent, type ConsentPurpose, type MyData } from './api';

const purposes: { purpose: ConsentPurpose; label: MessageKey }[] = [
  { purpose: 'volunteer', label: 'Volunteering' },
  { purpose: 'contact', label: 'Messages you sent us' },
  { purpose: 'donation', label: 'Mails about your donations' },
];

type Said = (outcome: { ok: true; data: { message: string } } | { ok: false; message: string }) => string;

/** What the person decides: a nominee, consents, a grievance, and "Erase me". */
export function MyChoices({
  data,
  reload,
  onErased,
}: {
  data: MyData;
  reload: () => Promise<void>;
  onErased: (message: string, kept: MyData['kept_by_law']) => void;
}) {
  const { t, lang } = useTranslator();
  const [said, setSaid] = useState('');
  const sentence: Said = (outcome) => fromServer(t, outcome.ok ? outcome.data.message : outcome.message);
  const nominee = useForm({ name: data.nominee?.name ?? '', email: data.nominee?.email ?? '' }, { id: 'my-nominee' });
  const grievance = useForm({ message: '' }, { id: 'my-grievance' });
  const [confirmed, setConfirmed] = useState(false);

  async function name({ name: nomineeName, email }: { name: string; email: string }, _event: FormEvent<HTMLFormElement>) {
    setSaid(sentence(await saveNominee({ name: nomineeName.trim(), email: email.trim() })));
    await reload();
  }
  async function complain({ message }: { message: string }, _event: FormEvent<HTMLFormElement>) {
    const outcome = await raiseGrievance(message.trim(), lang);
    setSaid(outcome.ok ? t('Your grievance reached us. We will answer it by {day}.', { day: outcome.data.due_on }) : sentence(outcome));
    if (outcome.ok) {
      grievance.reset();
      await reload();
    }
  }
  async function erase() {
    const outcome = await eraseMe();
    if (outcome.ok) onErased(outcome.data.message, outcome.data.kept_by_law);
    else setSaid(sentence(outcome));
  }

  return (
    <>
      {said && (
        <p className="form-success" role="status">
          {said}
        </p>
      )}
      <section className="my-section" aria-labelledby="my-nominee-title">
        <h2 id="my-nominee-title">{t('Your nominee')}</h2>
        <p>{t('Name someone who may act for you about your data if you cannot, as the law allows.')}</p>
        <Form form={nominee} className="form-card form-grid two-columns" noValidate onSubmit={name} aria-labelledby="my-nominee-title">
          <TextField id="my-nominee-name" label={t('Nominee’s name')} required {...nominee.field('name')} />
          <TextField id="my-nominee-email" label={t('Nominee’s e-mail address')} type="email" required {...nominee.field('email')} />
          <SubmitRow busy={false}>{t('Save the nominee')}</SubmitRow>
          {data.nominee && (
            <div className="span-all">
              <button type="button" className="btn btn-outline" onClick={() => void removeNominee().then((outcome) => (setSaid(sentence(outcome)), reload()))}>
                {t('Remove the nominee')}
              </button>
            </div>
          )}
        </Form>
      </section>

      <section className="my-section" aria-labelledby="my-consents">
        <h2 id="my-consents">{t('Your consent')}</h2>
        <ul className="my-list">
          {purposes.map(({ purpose, label }) => {
            const withdrawn = data.consents.find((consent) => consent.purpose === purpose)?.withdrawn_at;
            return (
              <li key={purpose}>
                <span>{t(label)}</span>
                {withdrawn ? (
                  <span className="my-withdrawn">{t('Withdrawn')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-small btn-outline"
                    onClick={() => void withdrawConsent(purpose).then((outcome) => (setSaid(sentence(outcome)), reload()))}
                  >
                    {t('Withdraw consent')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="my-section" aria-labelledby="my-grievance-title">
        <h2 id="my-grievance-title">{t('Raise a grievance')}</h2>
        <p>{t('Tell us what went wrong with your data. We answer within 90 days.')}</p>
        {data.grievances.map((item) => (
          <p key={item.id} className="my-grievance">
            {t('Received {day}, answer due by {due}', { day: item.received_at.slice(0, 10), due: item.due_on })}: {item.message}
          </p>
        ))}
        <Form form={grievance} className="form-card" noValidate onSubmit={complain} aria-labelledby="my-grievance-title">
          <TextAreaField id="my-grievance-message" label={t('Your grievance')} rows={4} required {...grievance.field('message')} />
          <SubmitRow busy={false}>{t('Send the grievance')}</SubmitRow>
        </Form>
      </section>

      <section className="my-section my-erase" aria-labelledby="my-erase-title">
        <h2 id="my-erase-title">{t('Erase me')}</h2>
        <p>
          {t('Everything we hold about you is erased: registrations, hours, certificates, messages, your nominee and your consents. This cannot be undone.')}
        </p>
        <p>{t('What the law requires us to keep stays:')}</p>
        <KeptByLaw kept={data.kept_by_law} />
        <label className="my-confirm">
          <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} /> {t('I understand: erase my data')}
        </label>
        <button type="button" className="btn btn-danger" disabled={!confirmed} onClick={() => void erase()}>
          {t('Erase me')}
        </button>
      </section>
    </>
  );
}

/** What the page says once the person is erased: what stays, and why. */
export function Erased({ message, kept }: { message: string; kept: MyData['kept_by_law'] }) {
  const { t } = useTranslator();
  return (
    <div className="form-card" role="status">
      <h2>{fromServer(t, message)}</h2>
      <KeptByLaw kept={kept} />
    </div>
  );
}

const keptLabels: Record<MyData['kept_by_law'][number]['what'], MessageKey> = {
  donations: '{count} donation records',
  receipts: '{count} receipts',
  form10be: '{count} Form 10BE certificates',
};

/** What "Erase me" leaves, and why, in plain words. */
export function KeptByLaw({ kept }: { kept: MyData['kept_by_law'] }) {
  const { t } = useTranslator();
  if (!kept.length) return <p>{t('Nothing of yours is kept.')}</p>;
  return (
    <ul className="my-kept">
      {kept.map((item) => (
        <li key={item.what}>
          <strong>{t(keptLabels[item.what], { count: item.count })}</strong>
          {': '}
          {fromServer(t, item.why)}
        </li>
      ))}
    </ul>
  );
}
