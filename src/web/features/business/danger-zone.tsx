import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { SectionCard } from './section-card';
import { deleteAccount } from './use-settings';

export const DELETE_CONFIRMATION =
  'This permanently deletes your business, clients, referrals, messages, forms and settings, signs you out everywhere and cannot be undone.';

/** The typed name matches the business's: case and surrounding spaces aside. */
const sameName = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase();

/**
 * Danger Zone: the app's dialog asks for the business name, then DELETE /api/business/account, then signed out to
 * the landing page (docs/settings.md "Deleting the account").
 */
export function DangerZone() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const { business, endSession } = useAuth();
  const navigate = useNavigate();
  const inputId = useId();
  const name = business?.name ?? '';
  const confirmed = name !== '' && sameName(typed, name);

  const remove = async () => {
    if (!confirmed) return;
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      setDeleting(false);
      toast({ title: 'Delete failed', description: errorMessage(error, 'Failed to delete account.'), variant: 'destructive' });
      return;
    }
    setOpen(false);
    endSession();
    navigate('/', { replace: true });
    toast({ title: 'Account deleted', description: 'Your account and all its data have been deleted.' });
  };

  return (
    <SectionCard title="Danger Zone" description="Deleting your account cannot be undone." icon={TriangleAlert} className="border-red-200">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Deletes your business and everything in it: clients, bookings, referrals, texts, forms and leads. Your SMS number is released.
        </p>
        <Button
          variant="destructive"
          onClick={() => {
            setTyped('');
            setOpen(true);
          }}
        >
          Delete Account
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
        <DialogContent className="max-w-md">
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void remove();
            }}
          >
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>{DELETE_CONFIRMATION}</DialogDescription>
            </DialogHeader>
            <div className="space-y-1.5">
              <Label htmlFor={inputId}>
                Type <span className="font-semibold">{name}</span> to confirm
              </Label>
              <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" disabled={deleting} />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={deleting}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={!confirmed || deleting}>
                {deleting ? 'Deleting...' : 'Delete Account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </SectionCard>
  );
}
