import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadSource, type LeadStatus } from '../../../shared/schemas/leads';
import { Badge } from '../../components/ui/badge';

export const statusLabel = (status: string) => LEAD_STATUS_LABELS[status as LeadStatus] ?? status;
export const sourceLabel = (source: string) => LEAD_SOURCE_LABELS[source as LeadSource] ?? source;

const SOURCE_VARIANT: Record<string, 'default' | 'secondary' | 'outline' | 'success' | 'warning'> = {
  referral: 'success',
  form: 'default',
  website: 'outline',
  manual: 'secondary',
};

export function SourceBadge({ source }: { source: string }) {
  return <Badge variant={SOURCE_VARIANT[source] ?? 'outline'}>{sourceLabel(source)}</Badge>;
}
