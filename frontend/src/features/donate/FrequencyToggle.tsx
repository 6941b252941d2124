import { useNavigate } from '@tanstack/react-router';
import { useTranslator } from '../../i18n/i18n';
import { pathIn } from '../../i18n/paths';

/**
 * One-time or monthly: two pages, /donate and /donate/monthly. Without the script the buttons are a
 * small GET form of their own (no field of the gift's form goes into an address); with it, the
 * router changes page.
 */
export function FrequencyToggle({ monthly }: { monthly: boolean }) {
  const { t, lang } = useTranslator();
  const navigate = useNavigate();
  const choices = [
    { label: t('One-time'), pressed: !monthly, to: '/{-$lang}/donate' as const, path: pathIn(lang, '/donate')! },
    { label: t('Monthly'), pressed: monthly, to: '/{-$lang}/donate/monthly' as const, path: pathIn(lang, '/donate/monthly')! },
  ];
  return (
    <form method="get" action={pathIn(lang, '/donate')!} className="choice-group">
      <fieldset className="choice-group">
        <legend className="field-label">{t('Donation frequency')}</legend>
        <div className="segmented">
          {choices.map((choice) => (
            <button
              key={choice.path}
              type="submit"
              formAction={choice.path}
              className="segment"
              aria-pressed={choice.pressed}
              onClick={(event) => {
                event.preventDefault();
                if (!choice.pressed) void navigate({ to: choice.to });
              }}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
