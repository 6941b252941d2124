import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import { defaultSettings } from '@ngo-site/shared';
import { serveAdminApi, signInAsAdmin } from '../test-support';

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

/** The certificate's note once the settings have loaded: a quiet line, or an alert. */
async function certificateNote() {
  const sentence = await screen.findByText(/^HTTPS certificate/);
  return sentence.closest('[role="alert"]') ?? sentence;
}

function openSettings(certificate?: object) {
  serveAdminApi({ 'GET /api/get_settings.php': () => json({ success: true, data: defaultSettings, placeholders: [], ...(certificate && { certificate }) }) });
  signInAsAdmin();
  renderRoute('/admin/dashboard?section=settings');
}

describe("Settings: the site's HTTPS certificate", () => {
  it('says until when it is valid, quietly, while renewal has time', async () => {
    openSettings({ valid_until: inDays(60) });
    const note = await certificateNote();
    expect(note).toHaveClass('panel-note');
    expect(note).toHaveTextContent(/^HTTPS certificate valid until \d+ \w+ \d{4}, .+\.$/);
  });

  it('warns within 14 days of the end, pointing at the log', async () => {
    openSettings({ valid_until: inDays(5.5) });
    const alert = await certificateNote();
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(/HTTPS certificate valid until .+ \(5 days left\)\. It should have been renewed by now\./);
    expect(alert).toHaveTextContent('docker compose logs nginx');
  });

  it('warns when the last renewal failed, even with time left', async () => {
    openSettings({ valid_until: inDays(40), renewal_failed_at: '2026-03-05T10:00:00.000Z' });
    expect(await certificateNote()).toHaveTextContent(/The last renewal attempt failed \(5 Mar 2026, .+\); it is tried again by itself\./);
  });

  it('says when it has expired', async () => {
    openSettings({ valid_until: inDays(-1), renewal_failed_at: inDays(-1.5) });
    expect(await certificateNote()).toHaveTextContent(/HTTPS certificate expired on .+: visitors see a security warning\./);
  });

  it('says nothing of a certificate where nginx keeps none', async () => {
    openSettings();
    expect(await screen.findByLabelText('Organisation name')).toHaveValue(defaultSettings.name);
    expect(screen.queryByText(/HTTPS certificate/)).not.toBeInTheDocument();
  });
});
