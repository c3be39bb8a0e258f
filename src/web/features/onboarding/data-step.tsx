import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, Zap } from 'lucide-react';
import { useId } from 'react';
import { BOOKING_TOOLS } from '../../../shared/schemas/onboarding';
import { WebhookUrlField } from '../../components/webhook-url-field';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { zapierSteps } from '../../lib/zapier-steps';
import { SetupUpload } from './setup-upload';
import { apiQuery } from '../../lib/api-query';


export function toolNameOf(slug: string | undefined): string | undefined {
  const tool = BOOKING_TOOLS.find((t) => t.slug === slug);
  return tool && tool.slug !== 'other' ? tool.name : undefined;
}

/** Step 2: which booking tool, then a file upload or the Zapier webhook. Optional: Continue always passes. */
export function DataStep({
  toolSlug,
  onToolChange,
  tab,
  onTabChange,
}: {
  toolSlug: string | undefined;
  onToolChange: (slug: string) => void;
  tab: string;
  onTabChange: (tab: string) => void;
}) {
  const toolId = useId();
  const toolName = toolNameOf(toolSlug);
  const profile = useQuery(apiQuery('GET /api/business/profile'));

  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <Label htmlFor={toolId}>Which booking tool do you use?</Label>
        <Select value={toolSlug ?? ''} onValueChange={onToolChange}>
          <SelectTrigger id={toolId} className="sm:max-w-xs">
            <SelectValue placeholder="Choose your booking tool" />
          </SelectTrigger>
          <SelectContent>
            {BOOKING_TOOLS.map((t) => (
              <SelectItem key={t.slug} value={t.slug}>
                {t.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <Tabs value={tab} onValueChange={onTabChange}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="upload" className="flex-1 sm:flex-none">
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            Upload a file
          </TabsTrigger>
          <TabsTrigger value="zapier" className="flex-1 sm:flex-none">
            <Zap className="size-4" aria-hidden="true" />
            Connect with Zapier
          </TabsTrigger>
        </TabsList>
        <TabsContent value="upload" className="pt-2">
          <SetupUpload toolName={toolName} />
        </TabsContent>
        <TabsContent value="zapier" className="space-y-4 pt-2">
          <p className="text-sm text-slate-600">
            Zapier sends every completed booking from {toolName ?? 'your booking tool'} to Referloop as it happens, so new clients get their
            referral link without uploading files.
          </p>
          <ol className="space-y-3" aria-label="Zapier setup steps">
            {zapierSteps(toolName).map((step, i) => (
              <li key={i} className="flex gap-3 text-sm text-slate-700">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700">{i + 1}</span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
          <WebhookUrlField url={profile.data?.webhookEndpoint} loading={profile.isPending} />
          {profile.isError && (
            <p role="alert" className="text-sm text-red-600">
              Failed to load your webhook URL. Please try refreshing the page.
            </p>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
