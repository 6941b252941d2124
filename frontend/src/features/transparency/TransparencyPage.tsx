import { legalText, formatBytes } from '@ngo-site/shared';
import { useLoaderData } from '@tanstack/react-router';
import { InnerPage } from '../../components/InnerPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { useSiteSettings } from '../../site';
import { byYear, documentKinds } from './documents';
import './TransparencyPage.css';

/**
 * /transparency: the organisation's registrations (Settings), its governing board (page content,
 * as the Credibility Alliance norms list it) and its reports and accounts by financial year, the
 * foreign contribution accounts among them (FCRA Rule 13).
 */
export function TransparencyPage() {
  const { t, lang } = useTranslator();
  const { page, documents } = useLoaderData({ from: '/{-$lang}/transparency' });
  usePageMeta(t('Transparency'), page.meta_description);
  const site = useSiteSettings();
  const registrations = [
    { label: t('12A / 12AB registration'), value: site.registration_12a },
    { label: t('80G registration'), value: site.registration_80g },
    { label: t('CSR-1 registration'), value: site.registration_csr1 },
    { label: t('NGO Darpan ID'), value: site.darpan_id },
    { label: t('FCRA registration'), value: site.fcra_registration },
    { label: t('PAN'), value: site.pan },
  ];
  const kindLabel = (kind: string) => t(documentKinds.find((known) => known.kind === kind)?.label ?? 'Other');
  return (
    <InnerPage hero={page.hero} layout="transparency">
      <section aria-labelledby="registrations-heading">
        <h2 id="registrations-heading">{page.registrations_title}</h2>
        <dl className="registrations">
          {registrations.map(({ label, value }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || t('Not yet')}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="board-heading">
        <h2 id="board-heading">{page.board.title}</h2>
        {page.board.text && <p>{page.board.text}</p>}
        <div className="table-scroll">
          <table className="board">
            <thead>
              <tr>
                <th scope="col">{t('Name')}</th>
                <th scope="col">{t('Position on the board')}</th>
                <th scope="col">{t('Occupation')}</th>
              </tr>
            </thead>
            <tbody>
              {page.board.members.map((member, index) => (
                <tr key={index}>
                  <th scope="row">{member.name}</th>
                  <td>{member.position}</td>
                  <td>{member.occupation}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading">{page.documents_title}</h2>
        <p>{legalText(site.legal, 'fc_accounts_note', lang)}</p>
        {documents.length === 0 && <p>{t('No documents are published yet.')}</p>}
        {byYear(documents).map(([fy, ofYear]) => (
          <section key={fy} className="document-year" aria-labelledby={`year-${fy}`}>
            <h3 id={`year-${fy}`}>{t('Financial year {fy}', { fy })}</h3>
            <ul className="document-list">
              {ofYear.map((document) => (
                <li key={document.id}>
                  <a href={document.url} download>
                    {document.title}
                  </a>{' '}
                  <span className="document-meta">
                    {kindLabel(document.kind)} · PDF, {formatBytes(document.size)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </InnerPage>
  );
}
