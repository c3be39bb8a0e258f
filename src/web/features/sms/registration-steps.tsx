import { AlertTriangle, CheckCircle2, Circle, Clock } from 'lucide-react';
import type { Registration, StepStatus } from '../../../shared/schemas/sms-registration';
import { Badge } from '../../components/ui/badge';

const STEP_NAMES = { profile: 'Business profile', brand: 'Brand (your business at the carriers)', campaign: 'Campaign (what you text, and how people opt in)' } as const;
const STATUS_LABELS: Record<StepStatus, string> = { draft: 'Not submitted', submitted: 'Submitted', pending: 'In review', approved: 'Approved', failed: 'Turned down' };

function Icon({ status }: { status: StepStatus }) {
  if (status === 'approved') return <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden="true" />;
  if (status === 'failed') return <AlertTriangle className="size-5 shrink-0 text-red-600" aria-hidden="true" />;
  if (status === 'draft') return <Circle className="size-5 shrink-0 text-slate-300" aria-hidden="true" />;
  return <Clock className="size-5 shrink-0 text-amber-500" aria-hidden="true" />;
}

/** Each registration step with its status, and for a turned-down one Twilio's reason and how to fix it. */
export function RegistrationSteps({ registration }: { registration: Registration }) {
  return (
    <ol className="space-y-3" aria-label="Registration steps" data-testid="registration-steps">
      {(['profile', 'brand', 'campaign'] as const).map((key) => {
        const step = registration.steps[key];
        return (
          <li key={key} className="flex gap-3" data-testid={`step-${key}`}>
            <Icon status={step.status} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-slate-900">{STEP_NAMES[key]}</span>
                <Badge variant={step.status === 'approved' ? 'success' : step.status === 'failed' ? 'destructive' : 'secondary'}>{STATUS_LABELS[step.status]}</Badge>
              </div>
              {step.reason && <p className="mt-1 break-words text-sm text-red-700">Twilio: {step.reason}</p>}
              {step.fix && <p className="mt-1 text-sm text-slate-600">How to fix it: {step.fix}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
