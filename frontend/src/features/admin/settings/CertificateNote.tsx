import type { components } from '@ngo-site/shared/contract';
import { Timestamp } from '../Timestamp';

type CertificateStatus = components['schemas']['CertificateStatus'];

/** Renewal starts a month before the end: two weeks before it, something has gone wrong. */
const warnWithinDays = 14;
const dayMs = 24 * 60 * 60 * 1000;
const logHint = (
  <>
    The server&rsquo;s log says why: <code>docker compose logs nginx</code>.
  </>
);

/** The site's HTTPS certificate as nginx keeps it: until when it is valid, and a warning when it needs a look. */
export function CertificateNote({ certificate, now = Date.now() }: { certificate: CertificateStatus; now?: number }) {
  const msLeft = Date.parse(certificate.valid_until) - now;
  const daysLeft = Math.floor(msLeft / dayMs);
  const failedAt = certificate.renewal_failed_at;
  const ending = msLeft < warnWithinDays * dayMs;
  const validUntil = <Timestamp iso={certificate.valid_until} />;
  if (!ending && !failedAt) return <p className="panel-note">HTTPS certificate valid until {validUntil}.</p>;
  return (
    <div className="admin-notice" role="alert">
      <p>
        {msLeft <= 0 ? (
          <>HTTPS certificate expired on {validUntil}: visitors see a security warning.</>
        ) : (
          <>
            HTTPS certificate valid until {validUntil}
            {ending && ` (${daysLeft < 1 ? 'less than a day' : daysLeft === 1 ? '1 day' : `${daysLeft} days`} left)`}.
          </>
        )}{' '}
        {failedAt ? (
          <>
            The last renewal attempt failed (<Timestamp iso={failedAt} />
            ); it is tried again by itself. {logHint}
          </>
        ) : (
          <>It should have been renewed by now. {logHint}</>
        )}
      </p>
    </div>
  );
}
