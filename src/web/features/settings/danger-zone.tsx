import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { SectionCard } from './section-card';
import { deleteAccount } from './use-settings';

export const DELETE_CONFIRMATION =
  'Delete your account? This permanently deletes your business, clients, referrals, messages, forms and settings, signs you out everywhere and cannot be undone.';

/** Danger Zone: DELETE /api/business/account after the browser's confirmation, then signed out to the landing page. */
export function DangerZone() {
  const [deleting, setDeleting] = useState(false);
  const { endSession } = useAuth();
  const navigate = useNavigate();

  const remove = async () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      setDeleting(false);
      toast({ title: 'Delete failed', description: errorMessage(error, 'Failed to delete account.'), variant: 'destructive' });
      return;
    }
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
        <Button variant="destructive" onClick={remove} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete Account'}
        </Button>
      </div>
    </SectionCard>
  );
}
