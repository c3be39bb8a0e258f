import type { FastifyInstance } from 'fastify';
import { signedIn } from './requests';

type AddedClient = { id: number; referralCode: string };

/**
 * A client and its first booking, added through POST /api/clients as the owner (so every derived figure is
 * real). Its e-mail comes from its name, so the same name twice is the same client.
 */
export async function addClient(
  app: FastifyInstance,
  owner: { cookie: string },
  name: string,
  phone: string | null = null,
  booking: { serviceDate?: string; amount?: number } = {},
): Promise<AddedClient> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const res = await signedIn(app, owner.cookie).post('/api/clients', { name, email, ...(phone ? { phone } : {}), serviceDate: booking.serviceDate ?? '2025-01-10', amount: booking.amount ?? 50 });
  if (res.statusCode !== 201) throw new Error(`add client ${name}: ${res.statusCode} ${res.body}`);
  const { id, referralCode } = res.json().client;
  return { id, referralCode };
}
