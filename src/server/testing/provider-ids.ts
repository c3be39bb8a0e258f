import type { z } from 'zod';
import { providerIdFields } from '../../shared/schemas/provider-ids';
import type { Database } from '../db/client';
import type { SmsProvider } from '../providers/sms/types';
import { tenantTables } from './tenant-data';

// The tenancy matrix's second half (cross-tenant.test.ts): resources at the SMS provider are one business's too
// (docs/sms-registration.md, "Ownership"). What the SMS provider was asked, and which request fields name such a resource.

export type ProviderCall = { method: string; args: unknown[] };

/** The provider with every call to it (and to its A2P registrar) recorded in `calls`. */
export function recordingProvider(sms: SmsProvider): { sms: SmsProvider; calls: ProviderCall[] } {
  const calls: ProviderCall[] = [];
  const wrap = <T extends object>(target: T, prefix: string, inner: Record<string, object> = {}): T =>
    new Proxy(target, {
      get(obj, key, receiver) {
        if (typeof key === 'string' && key in inner) return inner[key];
        const value = Reflect.get(obj, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push({ method: `${prefix}${String(key)}`, args });
          return value.apply(obj, args);
        };
      },
    });
  return { sms: wrap(sms, '', { registration: wrap(sms.registration, 'registration.') }), calls };
}

/** The fields of a request schema that name a resource at the provider (objects, unions, optional and piped parts). */
export function providerFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) =>
        providerIdFields.has(field) ? [name] : providerFields(field).length ? [name] : [],
      );
    case 'union':
      return (def.options as z.ZodType[]).flatMap(providerFields);
    case 'optional':
    case 'nullable':
    case 'default':
      return providerFields(def.innerType as z.ZodType);
    case 'pipe':
      return [...providerFields(def.in as z.ZodType), ...providerFields(def.out as z.ZodType)];
    default:
      return providerIdFields.has(schema) ? ['(value)'] : [];
  }
}

/** Every row of the business (its tenant tables and its businesses row) as text: does any name another's resource? */
export async function rowsText(database: Database, businessId: number): Promise<string> {
  const tables = [...(await tenantTables(database)), 'businesses'].filter((t) => t !== 'sessions');
  const parts = await Promise.all(
    tables.map(async (t) => {
      const rows = await database.query<{ x: string }>(`select x::text as x from "${t}" x where ${t === 'businesses' ? 'id' : 'business_id'} = $1`, [businessId]);
      return rows.map((r) => r.x).join('\n');
    }),
  );
  return parts.join('\n');
}
