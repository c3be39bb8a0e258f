import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { Dialog } from '../../components/ui/dialog';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadInbox } from './lead-inbox';
import type { LeadAction } from './lead-rows';
import { LeadStatCards } from './lead-stat-cards';
import { EmailLeadForm, SmsLeadForm } from './message-dialogs';
import { useLeadStats } from './use-leads';
import { ViewLead } from './view-lead-dialog';
import { DeliveryBanner } from '../../components/delivery-banner';

/** Spec part 2 "Lead Management" (the signed-in home at / and /leads): stat cards, the Lead Inbox, Add Lead. */
export function LeadsPage() {
  const stats = useLeadStats();
  const [action, setAction] = useState<LeadAction | null>(null);
  const close = () => setAction(null);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeader title="Lead Management" description="Every new lead from your forms, referral links and calls, in one inbox." actions={<AddLeadDialog />} />
      <DeliveryBanner show={['sms', 'email']} className="" />
      {stats.isError && !stats.data ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Lead figures could not be loaded. Please reload the page.
        </p>
      ) : (
        <LeadStatCards stats={stats.data} loading={stats.isPending} />
      )}
      <LeadInbox onAction={setAction} />
      <Dialog open={action !== null} onOpenChange={(open) => !open && close()}>
        {action?.kind === 'sms' && <SmsLeadForm key={`sms-${action.lead.id}`} lead={action.lead} onDone={close} />}
        {action?.kind === 'email' && <EmailLeadForm key={`email-${action.lead.id}`} lead={action.lead} onDone={close} />}
        {action?.kind === 'view' && (
          <ViewLead
            key={`view-${action.lead.id}`}
            lead={action.lead}
            onSms={() => setAction({ kind: 'sms', lead: action.lead })}
            onEmail={() => setAction({ kind: 'email', lead: action.lead })}
            onDone={close}
          />
        )}
      </Dialog>
    </div>
  );
}
