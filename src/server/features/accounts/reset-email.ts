import type { EmailMessage } from '../../providers/email/types';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The password-reset e-mail: plain text plus a simple HTML version with the same words. */
export function resetEmail(to: string, businessName: string, link: string): EmailMessage {
  const lines = [
    `Hi ${businessName},`,
    '',
    'Someone asked to reset the password of your Referloop account. To choose a new password, open this link:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour.',
    "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Hi ${escapeHtml(businessName)},</p>
<p>Someone asked to reset the password of your Referloop account. To choose a new password, use the button below.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#667eea;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Reset your password</a></p>
<p style="font-size:13px;color:#6b7280">Or copy this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in 1 hour.<br>If you didn't ask for this, you can ignore this e-mail: your password stays the same.</p>
</body></html>`;
  return { to, subject: 'Reset your Referloop password', text: lines.join('\n'), html };
}
