/** The columns the setup guide's upload names (spec part 2 section 3, "Imported appointment columns (onboarding)"). */
export const ONBOARDING_COLUMNS = ['Client Name', 'Client Email', 'Service Date', 'Appointment Status', 'Phone Number', 'Service Type', 'Amount Charged'] as const;
export const REQUIRED_COLUMNS = new Set<string>(['Client Name', 'Client Email', 'Service Date', 'Appointment Status']);
