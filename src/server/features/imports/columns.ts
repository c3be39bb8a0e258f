// Header names of real booking-tool exports, compared without case, spaces, '_' or '-'.
export type Field = 'name' | 'firstName' | 'lastName' | 'email' | 'phone' | 'date' | 'amount' | 'status' | 'serviceType';

const ALIASES: Record<Field, string[]> = {
  name: ['clientname', 'customername', 'name', 'fullname', 'client', 'customer', 'contactname'],
  firstName: ['firstname', 'clientfirstname', 'customerfirstname'],
  lastName: ['lastname', 'clientlastname', 'customerlastname', 'surname'],
  email: ['clientemail', 'customeremail', 'email', 'emailaddress', 'clientemailaddress', 'customeremailaddress', 'email1'],
  phone: ['clientphone', 'customerphone', 'phonenumber', 'phone', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'clientphonenumber', 'customerphonenumber', 'telephone'],
  date: ['servicedate', 'appointmentdate', 'date', 'jobdate', 'bookingdate', 'appointmentstart', 'startdate', 'scheduleddate'],
  amount: ['amountcharged', 'amount', 'total', 'price', 'totalamount', 'jobtotal', 'charged', 'totalcharged', 'revenue'],
  status: ['appointmentstatus', 'status', 'jobstatus', 'bookingstatus'],
  serviceType: ['servicetype', 'service', 'jobtype', 'servicename', 'bookingtype'],
};

const LOOKUP = new Map<string, Field>();
for (const [field, names] of Object.entries(ALIASES) as [Field, string[]][]) for (const n of names) LOOKUP.set(n, field);

/**
 * A header compared without case, spaces or punctuation, and without hints in brackets: the Data Sources
 * chips read "Service Date (YYYY-MM-DD)" and "Amount Charged (optional)", and files copy them.
 */
export const headerKey = (h: unknown) =>
  String(h ?? '')
    .replace(/^\uFEFF/, '')
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export type ColumnMap = Partial<Record<Field, number>>;

/** Column index of each field; the first matching header wins. */
export function mapColumns(headers: unknown[]): ColumnMap {
  const map: ColumnMap = {};
  headers.forEach((h, i) => {
    const field = LOOKUP.get(headerKey(h));
    if (field && map[field] === undefined) map[field] = i;
  });
  return map;
}

/** The required columns a file lacks, in the spec's words; empty when the file can be imported. */
export function missingColumns(map: ColumnMap): string[] {
  const missing: string[] = [];
  if (map.name === undefined && map.firstName === undefined) missing.push('Client Name');
  if (map.email === undefined && map.phone === undefined) missing.push('Client Email (or Client Phone)');
  if (map.date === undefined) missing.push('Service Date');
  return missing;
}
