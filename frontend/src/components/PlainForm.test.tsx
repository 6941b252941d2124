// @vitest-environment node
// The volunteer, contact, donate and forgotten-password pages as the server renders them for a form sent as a plain post
// (docs/forms.md): refused, with what was typed and a summary linking to the fields; saved, at
// ?sent=1, saying so. The hidden fields are written without a value for the backend to fill in.
import { defaultSettings, type PostedForm, type PublicData } from '@ngo-site/shared';
import { describe, expect, it } from 'vitest';
import { pagesData } from '../../test/pages';
import { renderPage } from '../entry-server';

const template = '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';
const data: PublicData = {
  blogPage: async () => ({ items: [], total: 0 }),
  blogPost: async () => null,
  galleryPage: async () => ({ items: [], total: 0 }),
  eventPage: async () => ({ items: [], total: 0 }),
  event: async () => null,
  certificate: async () => null,
  documents: async () => [],
  ...pagesData(),
};
const render = (url: string, form?: PostedForm) => renderPage({ url, origin: 'https://ngo.example.org', settings: defaultSettings, data, template, form });

describe('a form sent without the script', () => {
  it('comes back refused with every typed value and a summary linking to the named fields', async () => {
    const form: PostedForm = {
      values: { name: '', email: 'sunita@example.org', mobile: '+91 98765 43210', gender: 'Female', address: 'Lalpur <Ranchi>', about: 'Teacher' },
      message: 'Please fill all required fields',
      fields: ['name'],
    };
    const { html } = await render('/volunteer', form);
    expect(html).toMatch(
      /<div id="volunteer-form-errors" class="error-summary span-all" role="alert"[^>]*>.*Please fill all required fields.*<a href="#volunteer-name">Full Name<\/a>/s,
    );
    // The summary has the focus as the page opens, script or not; the field it names is marked and points at its sentence.
    expect(html).toMatch(/<div id="volunteer-form-errors"[^>]* tabindex="-1" autofocus="">/);
    expect(html).toMatch(/<h2 id="volunteer-form-errors-title"[^>]*>Please fill all required fields<\/h2>/);
    expect(html).toMatch(/<input [^>]*id="volunteer-name"[^>]* aria-invalid="true" aria-describedby="volunteer-form-errors-title"\/>/);
    expect(html).not.toMatch(/<input [^>]*id="volunteer-email"[^>]*aria-invalid/);
    expect(html).toContain('value="sunita@example.org"');
    expect(html).toMatch(/<option value="Female" selected="">/);
    expect(html).toContain('>Lalpur &lt;Ranchi&gt;</textarea>');
    expect(html).toContain('<input type="hidden" name="form_token"/><input type="hidden" name="idempotency_key"/>');
    // The browser takes the page over from the same refused form.
    expect(html.match(/<script[^>]*>[^<]*sunita@example\.org/g)).toHaveLength(1);
  });

  it('in Hindi on the Hindi page', async () => {
    const { html } = await render('/hi/contact', { values: { name: 'आशा' }, message: 'Please fill all required fields', fields: ['message'] });
    expect(html).toContain('कृपया सभी ज़रूरी खाने भरें');
    expect(html).toContain('<a href="#contact-message">');
    expect(html).toContain('value="आशा"');
  });

  it('saved: the page at ?sent=1 says so', async () => {
    // The answer opens with the focus on what it says (the page scrolls to it), script or not.
    expect((await render('/volunteer?sent=1')).html).toContain(
      '<p class="form-success span-all" role="status" tabindex="-1" autofocus="">Volunteer registered successfully!</p>',
    );
    const contact = (await render('/contact?sent=1')).html;
    expect(contact).toMatch(/<h2 tabindex="-1" autofocus="">Message Sent<\/h2>/);
    expect(contact).toMatch(/<a class="btn btn-primary" href="\/contact">Send Another Message<\/a>/);
    expect((await render('/volunteer')).html).not.toContain('error-summary');
  });

  it('"Forgot password?" comes back refused with the typed address, and at ?sent=1 says a link is on its way', async () => {
    const refused = await render('/login/forgot-password', {
      values: { email: 'not-an-address' },
      message: 'Please enter your e-mail address',
      fields: ['email'],
    });
    expect(refused.html).toContain('<a href="#forgot-email">Email Address</a>');
    expect(refused.html).toContain('value="not-an-address"');
    expect(refused.html).toContain('<input type="hidden" name="form_token"/><input type="hidden" name="idempotency_key"/>');
    expect((await render('/login/forgot-password?sent=1')).html).toContain('If an account uses this address, a link to set a new password is on its way.');
  });

  it('"I have paid" is rendered open when asked for (?paid=1), when refused, and when kept', async () => {
    expect((await render('/donate')).html).not.toContain('name="form_token"');
    expect((await render('/donate?paid=1')).html).toContain('<input type="hidden" name="form_token"/>');
    const refused = await render('/hi/donate', { values: { amount: 'fifty' }, message: 'Please fill all required fields', fields: ['amount'] });
    expect(refused.html).toContain('<a href="#paid-amount">');
    expect(refused.html).toContain('value="fifty"');
    expect((await render('/donate?sent=1')).html).toContain('Once we find the payment in our bank account');
  });
});
