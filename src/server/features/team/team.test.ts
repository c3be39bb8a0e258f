import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../shared/schemas/team';
import { createBusiness, createPerson, type TestBusiness } from '../../testing/factories';
import { signedIn } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Settings → Team and the invitation link (docs/accounts.md, "People and roles", "Invitations").

let t: TestApp;
let biz: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Team Cleaning', ownerName: 'Dana Owner' });
});
afterAll(() => t.close());

const mail = () => t.email;
const tokenIn = (to: string) => /\/join\?token=([^\s"&]+)/.exec(mail().last(to)?.text ?? '')?.[1] ?? '';
const asOwner = () => signedIn(t.app, biz.cookie);
const join = (token: string, name = 'Maria Lopez', password = 'secret123') =>
  t.app.inject({ method: 'POST', url: '/api/team/join', payload: { token: decodeURIComponent(token), name, password, confirmPassword: password } });
const count = async (sql: string, params: unknown[]) => (await t.database.query<{ n: number }>(sql, params))[0].n;

describe('inviting a person', () => {
  it('e-mails a single-use link that lets them set a name and password and signs them in with the role', async () => {
    const res = await asOwner().post('/api/team/invitations', { email: 'Maria@Example.com', role: 'manager' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Invitation sent.', invitation: { email: 'maria@example.com', role: 'manager' } });
    const email = mail().last('maria@example.com')!;
    expect(email.subject).toBe('Join Team Cleaning on Referloop');
    expect(email.text).toContain('Dana Owner invited you to join Team Cleaning on Referloop as a manager.');
    expect(email.text).toContain('expires in 7 days');
    const token = tokenIn('maria@example.com');
    // Stored hashed: the token itself is nowhere in the table.
    expect(await count('select count(*)::int as n from invitations where token = $1', [decodeURIComponent(token)])).toBe(0);

    const preview = await t.app.inject({ method: 'GET', url: `/api/team/join/${token}` });
    expect(preview.json()).toEqual({ valid: true, businessName: 'Team Cleaning', email: 'maria@example.com', role: 'manager' });

    const accepted = await join(token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().person).toMatchObject({ name: 'Maria Lopez', email: 'maria@example.com', role: 'manager' });
    const cookie = accepted.cookies.find((c) => c.name === 'rl_session')!;
    const me = await signedIn(t.app, `rl_session=${cookie.value}`).get('/api/auth/me');
    expect(me.json().business.id).toBe(biz.id);

    const again = await join(token, 'Someone Else');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await t.app.inject({ method: 'GET', url: `/api/team/join/${token}` })).json()).toEqual({ valid: false });

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'maria@example.com', password: 'secret123' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().person.role).toBe('manager');
  });

  it('refuses an e-mail of another business, one already on the team, and a second open invitation', async () => {
    const other = await createBusiness(t.database);
    const cases: [string, string][] = [
      [other.email, TEAM_MESSAGES.otherBusiness],
      [biz.email, TEAM_MESSAGES.alreadyOnTeam],
    ];
    expect((await asOwner().post('/api/team/invitations', { email: 'twice@example.com', role: 'staff' })).statusCode).toBe(201);
    cases.push(['twice@example.com', TEAM_MESSAGES.alreadyInvited]);
    for (const [email, message] of cases) {
      const before = await count('select count(*)::int as n from invitations', []);
      const res = await asOwner().post('/api/team/invitations', { email, role: 'staff' });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 409, message });
      expect(await count('select count(*)::int as n from invitations', [])).toBe(before);
    }
  });

  it('a revoked link no longer works', async () => {
    const res = await asOwner().post('/api/team/invitations', { email: 'revoked@example.com', role: 'staff' });
    const token = tokenIn('revoked@example.com');
    expect((await asOwner().delete(`/api/team/invitations/${res.json().invitation.id}`)).statusCode).toBe(200);
    expect((await join(token)).json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await asOwner().get('/api/team')).json().invitations.map((i: { email: string }) => i.email)).not.toContain('revoked@example.com');
  });

  it('hostile names, e-mails and roles answer 4xx with a sentence and write nothing', async () => {
    const before = await count('select count(*)::int as n from invitations', []);
    for (const body of [{ email: '<script>@x', role: 'staff' }, { email: 'a@example.com', role: 'admin' }, { email: 'a'.repeat(300) + '@example.com', role: 'owner' }, []]) {
      const res = await asOwner().post('/api/team/invitations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await count('select count(*)::int as n from invitations', [])).toBe(before);
    await asOwner().post('/api/team/invitations', { email: 'hostile@example.com', role: 'staff' });
    const res = await join(tokenIn('hostile@example.com'), ' '.repeat(5));
    expect(res.statusCode).toBe(400);
    expect(await count('select count(*)::int as n from people where email = $1', ['hostile@example.com'])).toBe(0);
  });
});

describe('roles and removal', () => {
  it('a business keeps at least one owner', async () => {
    const solo = await createBusiness(t.database);
    const asSolo = signedIn(t.app, solo.cookie);
    for (const res of [await asSolo.patch(`/api/team/people/${solo.ownerId}`, { role: 'manager' }), await asSolo.delete(`/api/team/people/${solo.ownerId}`)]) {
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 409, message: TEAM_MESSAGES.lastOwner });
    }
    const second = await createPerson(t.database, solo.id, 'manager');
    expect((await asSolo.patch(`/api/team/people/${second.id}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await asSolo.patch(`/api/team/people/${solo.ownerId}`, { role: 'staff' })).statusCode).toBe(200);
    const roles = (await signedIn(t.app, second.cookie).get('/api/team')).json().people.map((p: { role: string }) => p.role);
    expect(roles.sort()).toEqual(['owner', 'staff']);
  });

  it('a role change takes effect on the next request, and a removed person is signed out at once', async () => {
    const staff = await createPerson(t.database, biz.id, 'staff', { name: 'Sam Carter' });
    const asStaff = signedIn(t.app, staff.cookie);
    expect((await asStaff.get('/api/sms/bulk')).statusCode).toBe(403);
    expect((await asOwner().patch(`/api/team/people/${staff.id}`, { role: 'manager' })).statusCode).toBe(200);
    expect((await asStaff.get('/api/sms/bulk')).statusCode).toBe(200);
    expect((await asOwner().delete(`/api/team/people/${staff.id}`)).statusCode).toBe(200);
    const res = await asStaff.get('/api/clients');
    expect(res.statusCode).toBe(401);
    expect(await count('select count(*)::int as n from sessions where person_id = $1', [staff.id])).toBe(0);
  });

  it('another business’s person is not found', async () => {
    const other = await createBusiness(t.database);
    const theirs = await createPerson(t.database, other.id, 'staff');
    expect((await asOwner().delete(`/api/team/people/${theirs.id}`)).statusCode).toBe(404);
    expect((await asOwner().patch(`/api/team/people/${theirs.id}`, { role: 'owner' })).statusCode).toBe(404);
    expect(await count('select count(*)::int as n from people where id = $1 and role = $2', [theirs.id, 'staff'])).toBe(1);
  });
});
