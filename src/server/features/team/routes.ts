import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/errors';
import { publicOrigin } from '../../platform/public-origin';
import { setSessionCookie } from '../../platform/session';
import { parse, parseId } from '../../platform/validate';
import { authResponseSchema } from '../../../shared/schemas/business';
import {
  acceptInvitationSchema,
  changeRoleSchema,
  invitationPreviewSchema,
  inviteReplySchema,
  inviteSchema,
  TEAM_MESSAGES,
  teamActionReplySchema,
  teamSchema,
} from '../../../shared/schemas/team';
import * as team from './service';
import { activityPage } from '../activity-record/service';
import { activityRecordQuerySchema, activityRecordSchema } from '../../../shared/schemas/activity-record';

// Settings → Team, for owners, and the invitation link, public (docs/accounts.md, "People and roles").

function whoOf(request: FastifyRequest) {
  if (!request.auth) throw new HttpError(401, 'Please sign in to continue.');
  return { businessId: request.auth.businessId, personId: request.auth.personId };
}

export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.deps;
  const db = database.db;
  const owners = { role: 'owner' } as const;
  const personId = (request: FastifyRequest) => parseId((request.params as { id?: string }).id, TEAM_MESSAGES.personNotFound);
  const invitationId = (request: FastifyRequest) => parseId((request.params as { id?: string }).id, TEAM_MESSAGES.invitationNotFound);

  app.get('/team', { config: owners, schema: { response: { 200: teamSchema } } }, async (request) => team.team(db, whoOf(request)));

  // Settings → Team → Activity: who did what, newest first (docs/accounts.md, "What the record keeps").
  app.get('/team/activity', { config: owners, schema: { response: { 200: activityRecordSchema } } }, async (request) =>
    activityPage(db, whoOf(request).businessId, parse(activityRecordQuerySchema, request.query)),
  );

  app.post('/team/invitations', { config: { ...owners, bodyLimit: 4096 }, schema: { response: { 201: inviteReplySchema } } }, async (request, reply) => {
    const input = parse(inviteSchema, request.body);
    const ctx = { db, email: app.deps.email, linkOrigin: publicOrigin(request, config.appUrl) };
    const invitation = await team.invite(ctx, whoOf(request), input);
    return reply.status(201).send({ message: TEAM_MESSAGES.invitationSent, invitation });
  });

  app.delete('/team/invitations/:id', { config: owners, schema: { response: { 200: teamActionReplySchema } } }, async (request) => {
    const id = invitationId(request);
    await team.revokeInvitation(db, whoOf(request), id);
    return { success: true as const, id };
  });

  app.patch('/team/people/:id', { config: { ...owners, bodyLimit: 1024 }, schema: { response: { 200: teamActionReplySchema } } }, async (request) => {
    const id = personId(request);
    const { role } = parse(changeRoleSchema, request.body);
    await team.changeRole(db, whoOf(request), id, role);
    return { success: true as const, id };
  });

  app.delete('/team/people/:id', { config: owners, schema: { response: { 200: teamActionReplySchema } } }, async (request) => {
    const id = personId(request);
    await team.removePerson(db, whoOf(request), id);
    return { success: true as const, id };
  });

  // The invitation link's page: who invites, then the invited person's name and password.
  app.get('/team/join/:token', { config: { access: 'public' }, schema: { response: { 200: invitationPreviewSchema } } }, async (request) =>
    team.previewInvitation(db, (request.params as { token: string }).token),
  );

  app.post('/team/join', { config: { access: 'public', bodyLimit: 4096 }, schema: { response: { 201: authResponseSchema } } }, async (request, reply) => {
    const input = parse(acceptInvitationSchema, request.body);
    const { business, person, session } = await team.acceptInvitation(db, input, request.headers['user-agent']);
    setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
    return reply.status(201).send({ business, person });
  });
}
