import { useRef, useState } from 'react';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { bloodCheck, type BloodAnswers, type BloodReason } from './blood-check';
import './BloodCheck.css';

const reasonTexts: Record<BloodReason, MessageKey> = {
  age: 'Donors must be between 18 and 65 years old.',
  weight: 'Donors must weigh at least 45 kg.',
  interval: 'Men wait 3 months and women 4 months between two donations.',
};

/** A number typed in one of the check's boxes, or null while it is empty or not a number. */
const numberIn = (root: HTMLElement, id: string) => {
  const text = root.querySelector<HTMLInputElement>(`#${id}`)?.value.trim() ?? '';
  return text === '' || Number.isNaN(Number(text)) ? null : Number(text);
};

/**
 * "Can I give blood?" on a blood-donation camp's page: age, weight and the time since the last
 * donation, checked in the browser as they are typed. The boxes have no names and sit in no
 * form, so nothing of them is ever sent or kept.
 */
export function BloodCheck() {
  const { t } = useTranslator();
  const group = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<ReturnType<typeof bloodCheck>>(null);
  const check = () => {
    const root = group.current;
    if (!root) return;
    const never = root.querySelector<HTMLInputElement>('#blood-never')?.checked ?? false;
    const answers: BloodAnswers = {
      age: numberIn(root, 'blood-age'),
      weightKg: numberIn(root, 'blood-weight'),
      sex: (root.querySelector<HTMLSelectElement>('#blood-sex')?.value ?? '') as BloodAnswers['sex'],
      monthsSince: never ? null : (numberIn(root, 'blood-months') ?? null),
    };
    setOutcome(bloodCheck(answers));
  };
  return (
    <section className="blood-check" aria-labelledby="blood-check-title">
      <h2 id="blood-check-title">{t('Can I give blood?')}</h2>
      <p>
        {t('A quick check of the basic rules. It runs on this page only: nothing you enter is kept or sent. The doctor at the camp makes the final check.')}
      </p>
      <ul className="blood-rules">
        <li>{t(reasonTexts.age)}</li>
        <li>{t(reasonTexts.weight)}</li>
        <li>{t(reasonTexts.interval)}</li>
      </ul>
      <div ref={group} className="blood-fields" role="group" aria-labelledby="blood-check-title" onInput={check} onChange={check}>
        <div className="field">
          <label htmlFor="blood-age">{t('Age (years)')}</label>
          <input id="blood-age" className="input" type="number" inputMode="numeric" min={1} max={120} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="blood-weight">{t('Weight (kg)')}</label>
          <input id="blood-weight" className="input" type="number" inputMode="numeric" min={1} max={300} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="blood-sex">{t('I am')}</label>
          <select id="blood-sex" className="input" defaultValue="">
            <option value="">{t('Choose…')}</option>
            <option value="male">{t('A man')}</option>
            <option value="female">{t('A woman')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="blood-months">{t('Months since my last donation')}</label>
          <input id="blood-months" className="input" type="number" inputMode="numeric" min={0} max={600} autoComplete="off" />
          <label className="check-label">
            <input id="blood-never" type="checkbox" /> {t('I have never given blood')}
          </label>
        </div>
      </div>
      <div className="blood-outcome" role="status" aria-live="polite">
        {outcome?.eligible && <p className="form-success">{t('You are likely able to give blood. Please bring an ID and eat a meal before you come.')}</p>}
        {outcome && !outcome.eligible && (
          <>
            <p className="form-error">{t('You may not be able to give blood this time:')}</p>
            <ul>
              {outcome.reasons.map((reason) => (
                <li key={reason}>
                  {reason === 'interval' ? t('Please wait {months} months after your last donation.', { months: outcome.waitMonths }) : t(reasonTexts[reason])}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
