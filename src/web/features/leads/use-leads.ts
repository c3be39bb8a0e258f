import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LEAD_PAGE_SIZE,
  type AddLeadInput,
  type Lead,
  type LeadEmailInput,
  type LeadSource,
  type LeadStatus,
} from '../../../shared/schemas/leads';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { apiQuery } from '../../lib/api-query';
import { useAuth } from '../../lib/auth';
import { LEAD_STATS_KEY, refreshLeads, textLead } from '../../lib/query-keys/leads';
import { apiUrl, callApi } from '../../lib/api-client';

export const communicationsUrl = (id: number) => apiUrl('GET /api/leads/:id/communications', { params: { id } });

export type StatusFilter = 'all' | LeadStatus;
export type SourceFilter = 'all' | LeadSource;
export interface LeadQuery {
  page: number;
  search: string;
  status: StatusFilter;
  source: SourceFilter;
}

const leadsArgs = ({ page, search, status, source }: LeadQuery) => ({
  query: { page, pageSize: LEAD_PAGE_SIZE, status: status === 'all' ? undefined : status, source: source === 'all' ? undefined : source, search },
});
const leadsUrl = (query: LeadQuery) => apiUrl('GET /api/leads', leadsArgs(query));

/** The inbox's first reads, as the screen asks for them: the prerendered frame lists them for preloading. */
export const LEADS_FIRST_READS = [LEAD_STATS_KEY, leadsUrl({ page: 1, search: '', status: 'all', source: 'all' })];

// Leads arrive from forms and referral links while the owner is elsewhere: the inbox reads afresh each time
// it opens. The previous page stays on screen while a search, filter or page change loads.
export const useLeadPage = (query: LeadQuery) =>
  useQuery({ ...apiQuery('GET /api/leads', leadsArgs(query)), select: (r) => ('count' in r ? undefined : r), placeholderData: keepPreviousData, refetchOnMount: 'always' });
export const useLeadStats = () => useQuery({ ...apiQuery('GET /api/leads/stats'), refetchOnMount: 'always' });
export const useCommunications = (id: number) => useQuery({ ...apiQuery('GET /api/leads/:id/communications', { params: { id } }), refetchOnMount: 'always' });

/** Every list page and the stats (a key starting with /api/leads). */

export function useAddLead(onDone: () => void) {
  const qc = useQueryClient();
  const { business } = useAuth();
  return useMutation({
    // The spec's payload: businessId, name, email, phone, source, notes (the server takes the business from the session).
    mutationFn: (input: AddLeadInput) => callApi('POST /api/leads', { body: { businessId: business?.id, ...input, source: 'manual' } }),
    onSuccess: (lead) => {
      toast({ title: 'Lead added', description: `${lead.name} is in your Lead Inbox.` });
      onDone();
      return refreshLeads(qc);
    },
    onError: (error) => toast({ title: 'Failed to add lead', description: errorMessage(error, 'The lead was not added. Please try again.'), variant: 'destructive' }),
  });
}

export function useSetStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: LeadStatus }) => callApi('PATCH /api/leads/:id/status', { params: { id }, body: { status } }),
    onSuccess: () => refreshLeads(qc),
    onError: (error) => toast({ title: 'Failed to update status', description: errorMessage(error, 'The status was not changed. Please try again.'), variant: 'destructive' }),
  });
}

export function useTextLead(lead: Lead, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => textLead(lead.id, message),
    onSuccess: () => {
      toast({ title: 'SMS sent', description: `Your text to ${lead.name} was sent.` });
      onDone();
      return qc.invalidateQueries({ queryKey: [communicationsUrl(lead.id)] });
    },
    onError: (error) => toast({ title: 'Failed to send SMS', description: errorMessage(error, 'The text was not sent. Please try again.'), variant: 'destructive' }),
  });
}

export function useEmailLead(lead: Lead, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadEmailInput) => callApi('POST /api/leads/:id/email', { params: { id: lead.id }, body: input }),
    onSuccess: () => {
      toast({ title: 'Email sent', description: `Your email to ${lead.name} was sent.` });
      onDone();
      return qc.invalidateQueries({ queryKey: [communicationsUrl(lead.id)] });
    },
    onError: (error) => toast({ title: 'Failed to send email', description: errorMessage(error, 'The email was not sent. Please try again.'), variant: 'destructive' }),
  });
}
