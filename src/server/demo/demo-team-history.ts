import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { activityRecords, smsMessages } from '../db/schema';
import type { ActivityKind, ActivityObjectType } from '../../shared/schemas/activity-record';

// A little of the demo team's history (docs/accounts.md, "What the record keeps"): the owner invited Maria and Sam,
// they joined and signed in, Maria and Sam sent some of the thank-you texts by hand, Dana exported the clients.

type Person = { id: number; name: string };
type Text = { messageId: number; clientId: number; clientName: string; at: Date };

export async function seedDemoTeamHistory(tx: Tx, businessId: number, team: { owner: Person; manager: Person; staff: Person }, texts: Text[], now: Date) {
  const DAY = 86_400_000;
  const ago = (days: number, hour = 9) => new Date(now.getTime() - days * DAY + (hour - 12) * 3_600_000);
  const { owner, manager, staff } = team;
  const entry = (p: Person, kind: ActivityKind, summary: string, at: Date, object?: { type: ActivityObjectType; id: number }) => ({
    businessId, personId: p.id, personName: p.name, kind, summary, objectType: object?.type ?? null, objectId: object?.id ?? null, createdAt: at,
  });
  const rows = [
    entry(owner, 'invitation_sent', `Invited ${manager.name} as a manager`, ago(200)),
    entry(manager, 'invitation_accepted', `${manager.name} joined as a manager`, ago(199), { type: 'person', id: manager.id }),
    entry(owner, 'invitation_sent', `Invited ${staff.name} as staff`, ago(140)),
    entry(staff, 'invitation_accepted', `${staff.name} joined as staff`, ago(139), { type: 'person', id: staff.id }),
    entry(owner, 'export', 'Exported the clients (CSV)', ago(20, 17)),
    entry(owner, 'settings_changed', 'Changed the SMS templates and automations', ago(15, 8)),
    entry(staff, 'sign_in_failed', `Wrong password for ${staff.name}`, ago(3, 7)),
  ];
  for (const [i, p] of [owner, manager, staff].entries()) rows.push(entry(p, 'sign_in', 'Signed in (Chrome on Android)', ago(i + 1, 8)));
  const byHand = texts.filter((_, i) => i % 3 !== 0);
  for (const [i, t] of byHand.entries()) {
    const p = i % 2 === 0 ? manager : staff;
    rows.push(entry(p, 'text_sent', `Sent a thank-you to ${t.clientName}`, t.at, { type: 'client', id: t.clientId }));
  }
  await tx.insert(activityRecords).values(rows);
  for (const p of [manager, staff]) {
    const ids = byHand.filter((_, i) => (i % 2 === 0 ? manager : staff) === p).map((t) => t.messageId);
    if (ids.length) await tx.update(smsMessages).set({ sentBy: p.id }).where(and(eq(smsMessages.businessId, businessId), inArray(smsMessages.id, ids)));
  }
}
