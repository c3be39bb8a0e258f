import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { parse, parseId } from '../../platform/validate';
import { FORM_NOT_FOUND, createFormSchema, deleteFormReplySchema, formListSchema, formSchema, updateFormSchema } from '../../../shared/schemas/forms';
import * as forms from './service';

// The owner's form builder calls (spec part 2 section 7; docs/forms.md). The business is the session's only.

export async function formRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/forms', { schema: { response: { 200: formListSchema } } }, async (request) => forms.listForms(db, businessIdOf(request)));

  app.post('/forms', { config: { bodyLimit: 64 * 1024 }, schema: { response: { 201: formSchema } } }, async (request, reply) => {
    const input = parse(createFormSchema, request.body);
    const form = await forms.createForm(db, businessIdOf(request), input);
    return reply.status(201).send(form);
  });

  app.patch('/forms/:id', { config: { bodyLimit: 64 * 1024 }, schema: { response: { 200: formSchema } } }, async (request) => {
    const id = parseId((request.params as { id?: string }).id, FORM_NOT_FOUND);
    const input = parse(updateFormSchema, request.body);
    return forms.updateForm(db, businessIdOf(request), id, input);
  });

  app.delete('/forms/:id', { schema: { response: { 200: deleteFormReplySchema } } }, async (request) => {
    const id = parseId((request.params as { id?: string }).id, FORM_NOT_FOUND);
    await forms.deleteForm(db, businessIdOf(request), id);
    return { success: true as const, id };
  });
}
