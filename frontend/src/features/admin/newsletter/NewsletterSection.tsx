import { useSession } from '../../../stores/session';
import { useLoad } from '../useLoad';
import { fetchNewsletters } from './api';
import { RateForm, SendPanel } from './SendPanel';
import { SendsPanel } from './SendsPanel';
import { SubscribersPanel } from './SubscribersPanel';
import './NewsletterSection.css';

/**
 * The newsletter: sending a post (admins and editors) and following its sends; the subscribers,
 * their consent and the sending rate (admins).
 */
export function NewsletterSection() {
  const isAdmin = useSession((state) => state.userRole === 'admin');
  const [newsletters, reload] = useLoad(fetchNewsletters);
  const ready = newsletters.status === 'ready' ? newsletters.data : undefined;
  return (
    <>
      <SendPanel subscribers={ready?.subscribers ?? 0} onSent={reload} />
      {isAdmin && ready && <RateForm key={ready.perMinute} perMinute={ready.perMinute} onSaved={reload} />}
      <SendsPanel newsletters={newsletters} reload={reload} />
      {isAdmin && <SubscribersPanel onChanged={reload} />}
    </>
  );
}
