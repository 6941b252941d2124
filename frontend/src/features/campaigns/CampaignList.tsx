import { Link } from '@tanstack/react-router';
import type { CampaignView } from '@ngo-site/shared';
import { useTranslator } from '../../i18n/i18n';
import { CampaignProgress } from './CampaignProgress';
import './Campaigns.css';

/** The live campaigns above the Donate page's general form: each with its progress and a way to give to it. */
export function CampaignList({ campaigns }: { campaigns: CampaignView[] }) {
  const { t } = useTranslator();
  if (!campaigns.length) return null;
  return (
    <section className="section campaigns-section" aria-labelledby="campaigns-title">
      <div className="container">
        <h2 id="campaigns-title">{t('Give to a campaign')}</h2>
        <ul className="grid campaign-grid">
          {campaigns.map((campaign) => (
            <li key={campaign.id} className="card campaign-card">
              <div className="card-body">
                <h3 lang={campaign.text_lang === 'en' ? 'en' : undefined}>
                  <Link to="/{-$lang}/campaigns/$id" params={{ id: campaign.id }}>
                    {campaign.title}
                  </Link>
                </h3>
                <CampaignProgress campaign={campaign} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
