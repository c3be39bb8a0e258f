import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { MarkConvertedDialog } from '../../components/referrals/mark-converted-dialog';

export type ReferralOffer = { id: number; refereeName: string; referrerName: string | null };

/**
 * After a referral lead is set to Converted: the offer to convert its pending referral too, so the referrer earns the
 * reward; yes opens Mark converted (pick the booking or enter the amount).
 */
export function ConvertReferralOffer({ offer, onClose }: { offer: ReferralOffer | null; onClose: () => void }) {
  const [converting, setConverting] = useState<ReferralOffer | null>(null);
  const referrer = offer?.referrerName ?? 'the referrer';
  return (
    <>
      <Dialog open={offer !== null && converting === null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Convert the referral too?</DialogTitle>
            <DialogDescription>
              {offer?.refereeName} came through {referrer}&apos;s referral, which is still pending. Mark it converted so {referrer} earns the reward.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={onClose}>
              Not now
            </Button>
            <Button onClick={() => setConverting(offer)}>Convert referral</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <MarkConvertedDialog
        referral={converting}
        onClose={() => {
          setConverting(null);
          onClose();
        }}
      />
    </>
  );
}
