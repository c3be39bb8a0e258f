import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SimulatorSms } from '../../providers/sms/simulator';
import { createEmailProvider } from '../../providers/email';
import { testConfig } from '../../config';
import { signedIn } from '../../testing/requests';

// GET /api/business/delivery (docs/settings.md "Delivery banner").

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database);
});
afterAll(() => t.close());

describe('GET /api/business/delivery', () => {
  it('says texts go to the simulator and e-mail to files when neither Twilio nor SMTP is configured', async () => {
    const res = await signedIn(t.app, biz.cookie).get('/api/business/delivery');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sms: 'simulator', email: 'files' });
  });

  it('says twilio when the app texts through a real provider', async () => {
    const realSms = new SimulatorSms();
    Object.defineProperty(realSms, 'isSimulator', { value: false });
    const real = await createTestApp({}, { sms: realSms });
    try {
      const owner = await createBusiness(real.database);
      const res = await signedIn(real.app, owner.cookie).get('/api/business/delivery');
      expect(res.json()).toEqual({ sms: 'twilio', email: 'files' });
    } finally {
      await real.close();
    }
  });

  it('names SMTP when SMTP_URL is set (the driver the route reports)', () => {
    expect(createEmailProvider(testConfig({ smtpUrl: 'smtp://user:pass@mail.example.com:587' })).name).toBe('smtp');
    expect(createEmailProvider(testConfig()).name).toBe('outbox');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/business/delivery' })).statusCode).toBe(401);
  });
});
