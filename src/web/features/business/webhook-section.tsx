import { RefreshCw, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { WebhookUrlField } from '../../components/webhook-url-field';
import { errorMessage } from '../../lib/api';
import { SectionCard } from './section-card';
import { useRegenerateWebhook } from './use-settings';

/** Webhook: the URL to copy ('Copied!' for 2 s), status 'Active', and Regenerate after a confirmation. */
export function WebhookSection({ url }: { url: string }) {
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateWebhook();

  const run = () =>
    regenerate.mutate(undefined, {
      onSuccess: (reply) => {
        setConfirming(false);
        toast({ title: 'Webhook URL regenerated', description: reply.message });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Regenerate failed', description: errorMessage(error, 'Failed to regenerate the webhook URL.'), variant: 'destructive' });
      },
    });

  return (
    <SectionCard
      title="Webhook"
      description="Zapier or your booking tool posts completed appointments to this URL."
      icon={Webhook}
      actions={
        <Badge variant="success" className="self-center">
          Active
        </Badge>
      }
    >
      <div className="space-y-4">
        <WebhookUrlField url={url} loading={false} />
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Shared the URL by mistake? A new one stops the old one at once.</p>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <RefreshCw />
            Regenerate URL
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Regenerate your webhook URL?"
        description="The current URL stops working immediately. Anything that posts to it (your Zap, your booking tool) must be updated with the new URL. Your webhook log is kept."
        confirmLabel="Regenerate"
        pendingLabel="Regenerating..."
        variant="default"
        icon={null}
        pending={regenerate.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
