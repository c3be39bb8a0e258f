import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { AccountSection } from './account-section';
import { DangerZone } from './danger-zone';
import { TeamSection } from './team-section';
import { ActivitySection } from './activity-section';
import { useAuth } from '../../lib/auth';
import { NotificationsSection } from './notifications-section';
import { ProfileSection } from './profile-section';
import { ReviewLinkSection } from './review-link-section';
import { TemplatesSection } from './templates-section';
import { useProfile } from './use-settings';
import { WebhookSection } from './webhook-section';
import { OwnAccountSections } from './sessions-section';
import { DeliveryDetails } from '../../components/delivery-banner';

// Settings (spec part 2 "Settings"): the sections in the spec's order. docs/settings.md.
export function SettingsPage() {
  const profile = useProfile();
  const { can } = useAuth();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Settings" description="Your business profile, messages, review link and webhook." />
      <DeliveryDetails />
      {profile.isLoading ? (
        <div className="space-y-6" aria-busy="true" aria-label="Loading settings">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <CardContent className="space-y-3 pt-5 sm:pt-6">
                <Skeleton className="h-6 w-48" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : !profile.data ? (
        <Card>
          <CardContent className="space-y-3 pt-5 sm:pt-6">
            <p className="text-sm text-slate-700">Your settings could not be loaded.</p>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : !can('manager') ? (
        // Staff see only their own sessions and password here (docs/accounts.md, "Sessions and password").
        <div className="space-y-6">
          <OwnAccountSections />
        </div>
      ) : (
        <div className="space-y-6">
          <ProfileSection profile={profile.data} />
          <AccountSection profile={profile.data} />
          <TemplatesSection />
          <ReviewLinkSection link={profile.data.googleReviewLink} />
          <WebhookSection url={profile.data.webhookEndpoint} />
          {/* Not in the spec's list: how the owner hears about new business (docs/settings.md, "Notifications"). */}
          <NotificationsSection />
          {/* The team and the account's deletion are the owners' (docs/accounts.md, "People and roles"). */}
          {can('owner') && <TeamSection />}
          {can('owner') && <ActivitySection />}
          <OwnAccountSections />
          {can('owner') && <DangerZone />}
        </div>
      )}
    </div>
  );
}
