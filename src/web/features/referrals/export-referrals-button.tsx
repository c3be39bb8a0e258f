import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { REFERRALS_EXPORT_URL } from './use-referrals';

export const EXPORT_FILE_NAME = 'referrals-export.csv';

async function downloadExport() {
  const res = await apiRequest('GET', REFERRALS_EXPORT_URL);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = EXPORT_FILE_NAME;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Every referral of the business as a spreadsheet-safe CSV (the server neutralises formula cells). */
export function ExportReferralsButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadExport();
          toast({ title: 'Export successful' });
        } catch {
          toast({ title: 'Export failed', description: 'Failed to export data.', variant: 'destructive' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download />
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
