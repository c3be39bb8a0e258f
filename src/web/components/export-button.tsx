import { Download } from 'lucide-react';
import { useState } from 'react';
import { apiRequest } from '../lib/api';
import { useHydrated } from '../lib/use-hydrated';
import { Button } from './ui/button';
import { toast } from './ui/use-toast';

async function download(url: string, fileName: string) {
  const res = await apiRequest('GET', url);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** "Export CSV": downloads `url` as `fileName`, with the spec's toasts; "Exporting…" while it runs. */
export function ExportButton({ url, fileName }: { url: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const live = useHydrated();
  return (
    <Button
      variant="outline"
      disabled={busy || !live}
      onClick={async () => {
        setBusy(true);
        try {
          await download(url, fileName);
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
