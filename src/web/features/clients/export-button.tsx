import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

async function downloadExport() {
  const res = await apiRequest('GET', '/api/admin/export');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'clients-export.csv';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportButton() {
  const [busy, setBusy] = useState(false);
  const live = useHydrated();
  return (
    <Button
      variant="outline"
      disabled={busy || !live}
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
      Export CSV
    </Button>
  );
}
