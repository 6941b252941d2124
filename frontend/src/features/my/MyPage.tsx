import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { InnerPage } from '../../components/InnerPage';
import { usePageMeta } from '../../components/usePageMeta';
import { fromServer } from './server-sentences';
import { loadLanguage, useTranslator } from '../../i18n/i18n';
import { endMySession, fetchMyData, openMySession, storedSession, type MyData } from './api';
import { AskLinkForm } from './AskLinkForm';
import './MyPage.css';

// What a signed-in person sees is drawn in the browser only (the session is in this tab), so its
// code loads once the page opens: the page's first script stays within its budget.
const MyRecords = lazy(() => import('./MyRecords').then((module) => ({ default: module.MyRecords })));
const MyChoices = lazy(() => import('./MyChoices').then((module) => ({ default: module.MyChoices })));
const Erased = lazy(() => import('./MyChoices').then((module) => ({ default: module.Erased })));

type View =
  { kind: 'ask'; notice?: string } | { kind: 'opening' } | { kind: 'ready'; data: MyData } | { kind: 'erased'; message: string; kept: MyData['kept_by_law'] };

/**
 * /my: one's own page. The server renders the form that asks for the link; the link's token (in
 * the address's fragment, which no server sees) is used once here, and the page is the person's
 * for an hour, in this tab only.
 */
export function MyPage() {
  const { t, lang } = useTranslator();
  usePageMeta(t('My page'), t('See and correct what we hold about you, download your receipts and certificates, or have it erased.'));
  const [view, setView] = useState<View>({ kind: 'ask' });

  const load = useCallback(async () => {
    // The Hindi of that code is the page's later part, loaded with the person's records.
    const [outcome] = await Promise.all([fetchMyData(), loadLanguage(lang, '/{-$lang}/my:later')]);
    if (outcome.ok) setView({ kind: 'ready', data: outcome.data.data });
    else setView({ kind: 'ask', notice: fromServer(t, outcome.message) });
  }, [t, lang]);

  useEffect(() => {
    const token = /[#&]token=([A-Za-z0-9_-]{43})/.exec(window.location.hash)?.[1];
    if (token) {
      // The token leaves the address at once: it is not for the history or a shared screen.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setView({ kind: 'opening' });
      void openMySession(token).then((opened) => (opened.ok ? load() : setView({ kind: 'ask', notice: fromServer(t, opened.message) })));
    } else if (storedSession()) {
      setView({ kind: 'opening' });
      void load();
    }
  }, [load, t]);

  async function signOut() {
    await endMySession();
    setView({ kind: 'ask', notice: t('You are signed out.') });
  }

  return (
    <InnerPage
      hero={{
        eyebrow: t('Your data, your choice'),
        title: t('My page'),
        intro: t('See and correct what we hold about you, download your receipts and certificates, or have it erased.'),
      }}
      layout="my-layout"
    >
      {view.kind === 'ask' && <AskLinkForm notice={view.notice} />}
      {view.kind === 'opening' && (
        <p className="my-opening" role="status">
          {t('Opening your page…')}
        </p>
      )}
      {view.kind === 'ready' && (
        <>
          <div className="my-signed-in">
            <p>{t('Signed in as {email}', { email: view.data.email })}</p>
            <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
              {t('Sign out')}
            </button>
          </div>
          <Suspense fallback={<p role="status">{t('Opening your page…')}</p>}>
            <MyRecords data={view.data} reload={load} />
            <MyChoices data={view.data} reload={load} onErased={(message, kept) => setView({ kind: 'erased', message, kept })} />
          </Suspense>
        </>
      )}
      {view.kind === 'erased' && (
        <Suspense fallback={null}>
          <Erased message={view.message} kept={view.kept} />
        </Suspense>
      )}
    </InnerPage>
  );
}
