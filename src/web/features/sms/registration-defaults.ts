import type { Business } from '../../../shared/schemas/business';
import { formatPhone } from '../../../shared/format';
import { US_STATES } from '../../../shared/schemas/sms-registration';

type State = (typeof US_STATES)[number];

// The zones that lie in one state only. Most zones span several (America/Los_Angeles: California, Oregon,
// Washington, Nevada; America/Chicago: a dozen), and a wrong state on a carrier registration costs a fee to fix,
// so for those the State is left for the owner to choose (docs/sms-registration.md "What the form fills in").
const ONE_STATE_ZONES: Record<string, State> = {
  'America/Phoenix': 'AZ',
  'Pacific/Honolulu': 'HI',
  'America/Anchorage': 'AK',
  'America/Juneau': 'AK',
  'America/Sitka': 'AK',
  'America/Nome': 'AK',
  'America/Yakutat': 'AK',
  'America/Metlakatla': 'AK',
  'America/Adak': 'AK',
  'America/Detroit': 'MI',
  'America/Indiana/Indianapolis': 'IN',
  'America/Indianapolis': 'IN',
  'America/Indiana/Knox': 'IN',
  'America/Indiana/Marengo': 'IN',
  'America/Indiana/Petersburg': 'IN',
  'America/Indiana/Tell_City': 'IN',
  'America/Indiana/Vevay': 'IN',
  'America/Indiana/Vincennes': 'IN',
  'America/Indiana/Winamac': 'IN',
  'America/Kentucky/Louisville': 'KY',
  'America/Louisville': 'KY',
  'America/Kentucky/Monticello': 'KY',
  'America/North_Dakota/Center': 'ND',
  'America/North_Dakota/New_Salem': 'ND',
  'America/North_Dakota/Beulah': 'ND',
};

/** The State a business's time zone names for certain, or '' (the owner chooses). */
export const stateOfTimeZone = (timeZone: string | undefined): State | '' => (timeZone && ONE_STATE_ZONES[timeZone]) || '';

/** The contact the owner gave at sign-up: first and last name, e-mail and phone, as the form's fields. */
export function contactOf(business: Pick<Business, 'ownerName' | 'email' | 'phone'> | null) {
  const [firstName = '', ...rest] = (business?.ownerName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName,
    lastName: rest.join(' '),
    email: business?.email ?? '',
    phone: business?.phone ? formatPhone(business.phone) : '',
  };
}
