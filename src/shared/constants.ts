// The spec's constants (part 1 section 9, part 2 section 9). Texts are the spec's own words.

export const MIN_PASSWORD_LENGTH = 6;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export const BUSINESS_TYPES = [
  { value: 'cleaning', label: 'Cleaning Services' },
  { value: 'landscaping', label: 'Landscaping' },
  { value: 'mobile-detailing', label: 'Mobile Detailing' },
  { value: 'pool-cleaning', label: 'Pool Cleaning' },
  { value: 'pressure-washing', label: 'Pressure Washing' },
  { value: 'other', label: 'Other Service Business' },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];

export const CLIENT_PAGE_SIZE = 25;
export const CLIENT_MAX_PAGE_BUTTONS = 5;
export const CLIENT_SORTS = ['loyaltyScore', 'lastBooking', 'totalBookings', 'name'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const BOOKING_TREND_PERIODS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '6 months' },
  { days: 365, label: '365 days' },
] as const;
export const DEFAULT_BOOKING_TREND_DAYS = 30;

export const SERVICE_TYPES = ['Regular Clean', 'Deep Clean', 'Move-in Clean', 'Move-out Clean', 'One-time Clean', 'Post-construction'] as const;

/**
 * Add Client's service types per business type, the first being the default. Cleaning's are the spec's
 * (part 1 section 4); the others are ours (docs/clients-api.md). A business without a type gets cleaning's.
 */
export const SERVICE_TYPES_BY_BUSINESS: Record<BusinessType, readonly string[]> = {
  cleaning: SERVICE_TYPES,
  landscaping: ['Lawn Mowing', 'Yard Cleanup', 'Hedge & Shrub Trimming', 'Mulching', 'Planting', 'Irrigation Service'],
  'mobile-detailing': ['Full Detail', 'Exterior Wash & Wax', 'Interior Detail', 'Maintenance Wash', 'Paint Correction', 'Ceramic Coating'],
  'pool-cleaning': ['Weekly Pool Service', 'One-time Pool Clean', 'Green Pool Cleanup', 'Pool Opening', 'Pool Closing', 'Equipment Repair'],
  'pressure-washing': ['House Wash', 'Driveway & Concrete', 'Deck & Fence', 'Roof Wash', 'Gutter Cleaning', 'Commercial Wash'],
  other: ['Regular Service', 'One-time Service', 'Maintenance Visit', 'Repair', 'Consultation'],
};

export function serviceTypesFor(businessType: string | null | undefined): readonly string[] {
  if (!businessType) return SERVICE_TYPES;
  return SERVICE_TYPES_BY_BUSINESS[businessType as BusinessType] ?? SERVICE_TYPES_BY_BUSINESS.other;
}

export const GIFT_TYPES = [
  { value: 'discount', label: 'Service Discount', presets: [10, 25, 50, 100] },
  { value: 'gift_card', label: 'Gift Card', presets: [25, 50, 100, 200] },
  { value: 'free_service', label: 'Free Service', presets: [75, 150, 300] },
  { value: 'custom', label: 'Custom', presets: [] },
] as const;
export type GiftType = (typeof GIFT_TYPES)[number]['value'];

export const MOST_LOYAL_LIMIT = 5;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const DEFAULT_REFERRAL_DISCOUNT = '$25';
export const FREE_SMS_MESSAGES = 100;
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const UPLOAD_ERROR_LINES = 5;
export const WEBHOOK_LOG_LIMIT = 10;
export const SMS_COUNTER_CHARS = 160;
export const TEMPLATE_MIN_LENGTH = 10;
export const COPY_CONFIRM_MS = 2000;

export const POLL_UPLOAD_HISTORY_MS = 30_000;
export const POLL_UNREAD_REPLIES_MS = 30_000;
export const POLL_NEW_COUNTS_MS = 300_000;
