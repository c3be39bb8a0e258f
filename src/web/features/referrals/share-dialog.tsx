import type { TopReferrer } from '../../../shared/schemas/referrals';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { CopyLinkButton } from './copy-link-button';
import { hostedReferralLink, websiteReferralLink } from './share-links';

function LinkField({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-900">{label}</p>
      <div className="flex items-start gap-2">
        {/* The whole link, wrapped, so the owner sees exactly what is copied (an input would cut it on a phone). */}
        <code data-testid={testId} className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-800">
          {value}
        </code>
        <CopyLinkButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}

interface ShareDialogProps {
  referrer: TopReferrer | null;
  websiteUrl: string | null | undefined;
  onClose: () => void;
}

/** A top referrer's two links: the hosted claim page and, when the business has a website, the website with ?ref=. */
export function ShareDialog({ referrer, websiteUrl, onClose }: ShareDialogProps) {
  const code = referrer?.client.referralCode ?? '';
  const hosted = hostedReferralLink(window.location.origin, code);
  const website = websiteReferralLink(websiteUrl, code);
  return (
    <Dialog open={referrer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share {referrer?.client.name}&apos;s referral link</DialogTitle>
          <DialogDescription>
            Friends who open this link can claim their reward, and the referral is credited to {referrer?.client.name} (code{' '}
            <span className="font-mono font-medium text-slate-700">{code}</span>).
          </DialogDescription>
        </DialogHeader>
        <LinkField testId="share-hosted-link" label="Hosted link" value={hosted} copyLabel="Copy hosted link" />
        {website ? (
          <LinkField testId="share-website-link" label="Website link" value={website} copyLabel="Copy website link" />
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600" data-testid="no-website">
            <span className="font-medium text-slate-900">Website link:</span> no website address is saved for your business yet. Once
            there is one, a link to your own site with <span className="font-mono">?ref={code}</span> shows here too.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
