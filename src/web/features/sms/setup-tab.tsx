import { CheckCircle2, FileText } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import { EmptyState } from '../../components/empty-state';
import { ListCard } from '../../components/list-card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { AutomationsCard } from './automations-card';
import { NumberSearch } from './number-search';
import { RegistrationCard } from './registration-card';
import { useSmsUsage, useTemplates } from './use-sms';

interface SetupTabProps {
  number: string | null;
  onNumberReady: () => void;
  onUseTemplate: (content: string) => void;
}

export function SetupTab({ number, onNumberReady, onUseTemplate }: SetupTabProps) {
  if (!number) return <NumberSearch onReady={onNumberReady} />;
  return (
    <div className="space-y-6">
      <RegistrationCard />
      <SetupDetails number={number} onUseTemplate={onUseTemplate} />
    </div>
  );
}

function SetupDetails({ number, onUseTemplate }: { number: string; onUseTemplate: (content: string) => void }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <Card className="border-green-200" data-testid="setup-complete">
          <CardHeader>
            <div className="flex size-10 items-center justify-center rounded-full bg-green-100 text-green-700">
              <CheckCircle2 className="size-5" aria-hidden="true" />
            </div>
            <CardTitle>Your SMS number is ready</CardTitle>
            <CardDescription>
              Clients see <span className="font-semibold text-slate-900 tabular">{formatPhone(number)}</span> on every text, and their replies
              arrive in Conversations.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Usage />
          </CardContent>
        </Card>
        <AutomationsCard />
      </div>
      <TemplatesList onUse={onUseTemplate} />
    </div>
  );
}

/** Texts sent so far against the 100 free ones. */
function Usage() {
  const { data } = useSmsUsage();
  if (!data) return <p className="text-sm text-slate-600">Your first 100 messages are free.</p>;
  const pct = Math.min(100, Math.round((data.used / Math.max(1, data.free)) * 100));
  return (
    <div className="space-y-2" data-testid="sms-usage">
      <div className="flex justify-between text-sm">
        <span className="text-slate-600">Free messages used</span>
        <span className="font-medium text-slate-900 tabular">
          {Math.min(data.used, data.free)} of {data.free}
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Free messages used" aria-valuemin={0} aria-valuemax={data.free} aria-valuenow={Math.min(data.used, data.free)}>
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-slate-500">
        {data.freeRemaining > 0 ? `${data.freeRemaining} free messages left.` : `All ${data.free} free messages used.`}
        {data.simulator && ' Texts go to the local SMS simulator: nothing leaves this machine.'}
      </p>
    </div>
  );
}

function TemplatesList({ onUse }: { onUse: (content: string) => void }) {
  const read = useTemplates();
  return (
    <ListCard
      title="Quick-start templates"
      description={<>Placeholders like {'{clientName}'} are filled in for each client when the text goes out.</>}
      read={read}
      errorText="Templates could not be loaded. Please try refreshing the page."
      emptyContent={
        <EmptyState icon={FileText} title="No templates yet" className="py-8" />
      }
      rows={2}
      rowClassName="h-20"
    >
      {(items) => (
        <ul className="space-y-3" data-testid="sms-templates">
          {items.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-900">{t.name}</h3>
                <Button size="sm" variant="secondary" onClick={() => onUse(t.content)} aria-label={`Use ${t.name} in Bulk Messaging`}>
                  Use
                </Button>
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-600">{t.content}</p>
              {t.variables?.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-1">
                  {t.variables.map((v) => (
                    <Badge key={v} variant="secondary">
                      {`{${v}}`}
                    </Badge>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
