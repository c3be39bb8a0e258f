import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, businessIdOf } from '../../../platform/session';
import { recorded } from '../../activity-record/service';
import { parse } from '../../../platform/validate';
import {
  assignLocalNumberResponseSchema,
  assignLocalNumberSchema,
  outreachSettingsInputSchema,
  outreachSettingsSchema,
  purchaseNumberResponseSchema,
  purchaseNumberSchema,
  saveOutreachSettingsResponseSchema,
  searchNumbersResponseSchema,
  searchNumbersSchema,
  sendSmsResponseSchema,
  sendSmsSchema,
  smsTemplatesResponseSchema,
  smsUsageSchema,
} from '../../../../shared/schemas/sms';
import { assignLocalNumber, purchaseNumber, searchNumbers } from './numbers';
import { smsUsage } from '../send/send';
import { sendOrSchedule, tapContextOf } from '../outbox/owner-tap';
import { scheduledFor } from '../../../../shared/schemas/send-time';
import { getOutreachSettings, listTemplates, saveOutreachSettings } from './settings';
import { selectSender } from '../send/queries';
import { smsRegistrationRoutes } from './registration-routes';

/** The business's number (set-up, usage), its outreach settings and templates, and the owner's one text now (docs/sms.md). */
export async function numberRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;
  const db = database.db;
  await app.register(smsRegistrationRoutes);
  const numberContext = (request: FastifyRequest) => ({ database, sms: app.deps.sms, appUrl: app.deps.config.appUrl, log: app.log, by: actorOf(request) });

  app.post('/sms/search-numbers', { config: { role: 'owner' }, schema: { response: { 200: searchNumbersResponseSchema } } }, async (request) => {
    const input = parse(searchNumbersSchema, request.body);
    return searchNumbers(numberContext(request), businessIdOf(request), { areaCode: input.areaCode, zip: input.areaCode ? undefined : input.businessZipCode });
  });

  app.post('/sms/purchase-number', { config: { role: 'owner' }, schema: { response: { 200: purchaseNumberResponseSchema } } }, async (request) => {
    const input = parse(purchaseNumberSchema, request.body);
    const result = await purchaseNumber(numberContext(request), businessIdOf(request), { phoneNumber: input.phoneNumber, areaCode: input.areaCode });
    return { success: true as const, friendlyNumber: result.friendlyNumber, phoneNumber: result.phoneNumber, message: 'SMS number ready!' };
  });

  app.post('/sms/assign-local-number', { config: { role: 'owner' }, schema: { response: { 200: assignLocalNumberResponseSchema } } }, async (request) => {
    const input = parse(assignLocalNumberSchema, request.body);
    const result = await assignLocalNumber(numberContext(request), businessIdOf(request), input);
    return { success: true as const, twilioPhoneNumber: result.phoneNumber, friendlyNumber: result.friendlyNumber, message: 'SMS Number Assigned!' };
  });

  app.post('/outreach/send-sms', { config: { role: 'staff' }, schema: { response: { 200: sendSmsResponseSchema } } }, async (request) => {
    const input = parse(sendSmsSchema, request.body);
    // Outreach is marketing: at a closed hour for the client it waits for their hours (docs/sms-send-window.md).
    const { sent, scheduled } = await sendOrSchedule(tapContextOf(app, request), {
      businessId: businessIdOf(request),
      clientId: input.clientId,
      body: input.messageContent,
      messageType: input.messageType,
      ownerTap: true,
    });
    if (scheduled) return { success: true as const, message: scheduledFor('Text', scheduled), sms: null, scheduled };
    return {
      success: true as const,
      message: `Text sent to ${sent.recipientName}`,
      sms: { id: sent.messageId, sid: sent.sid, status: sent.status, to: sent.to, body: sent.body, segments: sent.segments },
      scheduled: null,
    };
  });

  app.get('/outreach/settings', { config: { role: 'staff' }, schema: { response: { 200: outreachSettingsSchema } } }, async (request) => getOutreachSettings(db, businessIdOf(request)));

  app.post('/outreach/settings', { schema: { response: { 200: saveOutreachSettingsResponseSchema } } }, async (request) => {
    const input = parse(outreachSettingsInputSchema, request.body);
    const changed = { kind: 'settings_changed', summary: 'Changed the SMS templates and automations', object: { type: 'setting' } } as const;
    const saved = await recorded(db, actorOf(request), changed, (tx) => saveOutreachSettings(tx, businessIdOf(request), input));
    return { success: true as const, message: 'SMS settings saved', ...saved };
  });

  app.get('/sms/templates', { config: { role: 'staff' }, schema: { response: { 200: smsTemplatesResponseSchema } } }, async (request) => listTemplates(db, businessIdOf(request)));

  app.get('/sms/usage', { schema: { response: { 200: smsUsageSchema } } }, async (request) => {
    const businessId = businessIdOf(request);
    const [usage, sender] = await Promise.all([smsUsage(db, businessId), selectSender(db, businessId)]);
    return { ...usage, phoneNumber: sender?.number ?? null, simulator: app.deps.sms.isSimulator };
  });
}
