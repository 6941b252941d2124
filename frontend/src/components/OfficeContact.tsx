import { useSiteSettings, telHref } from '../site';
import { Icon } from './Icon';
import './OfficeContact.css';

/** The office's postal address, phone numbers and e-mail, one item a line (footer and /contact). */
export function OfficeContact({ className, iconSize }: { className?: string; iconSize?: number }) {
  const site = useSiteSettings();
  return (
    <address className={className}>
      <p className="with-icon">
        <Icon name="pin" size={iconSize} />
        <span>
          {site.address.lines.map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </span>
      </p>
      <p className="with-icon">
        <Icon name="phone" size={iconSize} />
        <span>
          {site.phones.map((phone) => (
            <a key={phone} className="address-line" href={telHref(phone)}>
              {phone}
            </a>
          ))}
        </span>
      </p>
      <p className="with-icon">
        <Icon name="mail" size={iconSize} />
        <a href={`mailto:${site.email}`}>{site.email}</a>
      </p>
    </address>
  );
}
