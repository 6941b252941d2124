import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const registration = {
  name: ' Asha Kumari ',
  email: 'asha@example.org',
  mobile: '+91 98765-43210',
  gender: 'Female',
  interest: 'teaching',
  start_date: '2025-01-06',
  address: 'Lalpur, Ranchi',
  about: 'I teach maths.',
};

describe('volunteer registrations', () => {
  it('are saved from the form’s JSON and listed for admins', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send(registration);
    expect(res.status).toBe(201);
    expectMatchesSpec(res, 'saveVolunteer');
    expect(res.body).toEqual({ success: true, message: 'Volunteer registered successfully!' });

    const list = await t.request.get('/api/get_volunteers.php').set('Authorization', `Bearer ${t.adminToken()}`);
    expectMatchesSpec(list, 'listVolunteers');
    expect(list.body.data[0]).toMatchObject({ ...registration, name: 'Asha Kumari' });
  });

  it('accept the optional fields left blank', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send({ ...registration, gender: '', interest: '', start_date: '', about: '' });
    expect(res.status).toBe(201);
  });

  it('ask for the required fields with the form’s sentence', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send({ ...registration, address: '  ', mobile: undefined });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill all required fields');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'mobile', message: 'mobile is required' },
        { field: 'address', message: 'address is required' },
      ]),
    );
    expectMatchesSpec(res, 'saveVolunteer');
  });

  it('refuse a bad e-mail, phone number or unknown field with a sentence naming it', async () => {
    const email = await t.request.post('/api/volunteer_save.php').send({ ...registration, email: 'asha at example' });
    expect(email.body.message).toBe('Email must be a valid e-mail address');
    const mobile = await t.request.post('/api/volunteer_save.php').send({ ...registration, mobile: 'call me' });
    expect(mobile.body.message).toMatch(/^Mobile must be a phone number/);
    const extra = await t.request.post('/api/volunteer_save.php').send({ ...registration, role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual([{ field: 'role', message: 'role is not an accepted field' }]);
  });
});
