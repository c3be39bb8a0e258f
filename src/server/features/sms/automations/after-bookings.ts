import { type AutomationContext, queueBookingTexts, type RecentBooking } from './bookings';

export type BookingAutomationDeps = AutomationContext & { log?: { error(obj: object, msg?: string): void } };

/**
 * After an import, a webhook or Add Client committed: queues the thank-you and review texts of the new
 * recent bookings. The bookings are recorded whatever happens here, so a failure is logged, not thrown:
 * the owner's upload succeeded and must say so.
 */
export async function afterBookingsRecorded(deps: BookingAutomationDeps, businessId: number, recent: RecentBooking[]): Promise<void> {
  if (recent.length === 0) return;
  try {
    await queueBookingTexts(deps, businessId, recent);
  } catch (error) {
    deps.log?.error({ err: error, businessId }, 'Automated texts for new bookings were not queued');
  }
}
