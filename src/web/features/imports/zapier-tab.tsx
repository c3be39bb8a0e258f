import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, LifeBuoy, Loader2, Send, Zap } from 'lucide-react';
import { ZAPIER_PRODUCT } from '../../../shared/schemas/onboarding';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { callApi } from '../../lib/api-client';
import { useSupportLink } from '../../lib/support-link';
import { zapierSteps } from '../../lib/zapier-steps';
import { WebhookUrlField } from '../../components/webhook-url-field';
import { useBusinessProfile } from './use-data-sources';
import { WebhookLog } from './webhook-log';
import { sampleWebhookPayload, webhookPath } from './webhook-sample';
import { WEBHOOK_LOGS_KEY } from '../../lib/query-keys/imports';

const STEPS = zapierSteps();

export function ZapierTab() {
  const qc = useQueryClient();
  const profile = useBusinessProfile();
  // The full URL to show and call (the profile's webhookUrl is the token segment, as the spec says).
  const webhookUrl = profile.data?.webhookEndpoint;
  const sample = sampleWebhookPayload();
  const support = useSupportLink(profile.data ? { phone: profile.data.supportPhone, email: profile.data.supportEmail } : undefined);

  const test = useMutation({
    mutationFn: () => callApi('POST /api/webhook/:token', { params: { token: webhookPath(webhookUrl!).split('/').pop() ?? '' }, body: sampleWebhookPayload() }),
    onSuccess: () =>
      toast({ title: 'Test successful!', description: 'Your webhook works. The test was logged below; no client was added.' }),
    onError: () => toast({ title: 'Test failed', description: 'Webhook test failed.', variant: 'destructive' }),
    // A test adds no booking: only the webhook log changes.
    onSettled: () => qc.invalidateQueries({ queryKey: [WEBHOOK_LOGS_KEY] }),
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Zap className="size-5 text-amber-500" aria-hidden="true" />
            Connect your booking tool with Zapier
          </CardTitle>
          <CardDescription>
            Zapier sends every completed booking from your booking tool to Referloop as it happens, so your client list and loyalty
            scores stay up to date without uploading files.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <ol className="space-y-3">
            {STEPS.map((step, i) => (
              <li key={i} className="flex gap-3 text-sm text-slate-700">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700">
                  {i + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>

          <WebhookUrlField url={webhookUrl} loading={profile.isPending} />
          {profile.isError && (
            <p role="alert" className="text-sm text-red-600">
              Failed to load your webhook URL. Please try refreshing the page.
            </p>
          )}

          <div className="flex flex-wrap gap-2">
            <Button onClick={() => test.mutate()} disabled={!webhookUrl || test.isPending}>
              {test.isPending ? <Loader2 className="animate-spin" /> : <Send />}
              Send Test
            </Button>
            <Button variant="outline" asChild>
              <a href={`/setup-${ZAPIER_PRODUCT}`} target="_blank" rel="noopener noreferrer">
                <ExternalLink />
                Full setup guide
              </a>
            </Button>
            {support && (
              <Button variant="ghost" asChild>
                <a href={support.href}>
                  <LifeBuoy />
                  Request support
                </a>
              </Button>
            )}
          </div>

          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-700">Sample payload</p>
            <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100" data-testid="sample-payload">
              {JSON.stringify(sample, null, 2)}
            </pre>
          </div>
        </CardContent>
      </Card>
      <div>
        <WebhookLog />
      </div>
    </div>
  );
}
