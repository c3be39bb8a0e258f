import type { Role } from '../../../shared/roles';
import { Activity, BarChart3, ClipboardList, Database, Gift, Inbox, MessageSquare, Settings, Users, type LucideIcon } from 'lucide-react';

export type NavCountKey = 'newLeads' | 'newClients' | 'newReferrals' | 'unreadReplies';

export interface NavItem {
  label: string;
  /** The label in the mobile menu, when it differs. */
  mobileLabel?: string;
  to: string;
  /** Every path that highlights this item. */
  paths: string[];
  icon: LucideIcon;
  badge?: NavCountKey;
  /** The least role that sees the item (docs/accounts.md, "People and roles"); every role when unset. */
  role?: Role;
}

// Spec part 2 "Navigation shell", plus Activity. One list for the sidebar and the phone's menu: Forms is in
// both, since the phone has no other way to reach it (docs/app-shell.md).
export const NAV_ITEMS: NavItem[] = [
  { label: 'Leads', to: '/leads', paths: ['/', '/leads'], icon: Inbox, badge: 'newLeads' },
  // Not in the spec's list: the Activity Dashboard (/dashboard) needs a way in (docs/activity-dashboard.md).
  { label: 'Activity', to: '/dashboard', paths: ['/dashboard'], icon: Activity },
  { label: 'Clients', to: '/clients', paths: ['/clients'], icon: Users, badge: 'newClients' },
  { label: 'Referrals', to: '/referrals', paths: ['/referrals'], icon: Gift, badge: 'newReferrals' },
  { label: 'Insights', role: 'manager', to: '/insights', paths: ['/insights'], icon: BarChart3 },
  { label: 'Data Sources', role: 'manager', to: '/data-sources', paths: ['/data-sources'], icon: Database },
  {
    label: 'SMS Management',
    mobileLabel: 'SMS Outreach',
    to: '/outreach',
    paths: ['/outreach', '/sms'],
    icon: MessageSquare,
    badge: 'unreadReplies',
  },
  { label: 'Forms', role: 'manager', to: '/forms', paths: ['/forms'], icon: ClipboardList },
  { label: 'Settings', to: '/settings', paths: ['/settings'], icon: Settings },
];

export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return item.paths.includes(path);
}
