import type { EmailMessage } from '../../providers/email/types';
import { ROLE_LABELS, type Role } from '../../../shared/roles';
import { INVITATION_DAYS } from '../../../shared/schemas/team';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The invitation e-mail: plain text plus a simple HTML version with the same words. */
export function inviteEmail(to: string, invite: { businessName: string; inviterName: string; role: Role; link: string }): EmailMessage {
  const role = ROLE_LABELS[invite.role].toLowerCase();
  const intro = `${invite.inviterName} invited you to join ${invite.businessName} on Referloop as ${role === 'owner' ? 'an' : 'a'} ${role}.`;
  const lines = [intro, '', 'To set your name and password, open this link:', '', invite.link, '', `The link works once and expires in ${INVITATION_DAYS} days.`];
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(invite.link)}" style="display:inline-block;background:#667eea;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Join ${escapeHtml(invite.businessName)}</a></p>
<p style="font-size:13px;color:#6b7280">Or copy this link into your browser:<br>${escapeHtml(invite.link)}</p>
<p>The link works once and expires in ${INVITATION_DAYS} days.</p>
</body></html>`;
  return { to, subject: `Join ${invite.businessName} on Referloop`, text: lines.join('\n'), html, fromName: invite.businessName };
}
