/**
 * The five Zapier set-up steps (Data Sources' Zapier tab and the setup guide's data step). With a tool
 * named, the first step names it as the trigger.
 */
export function zapierSteps(toolName?: string): string[] {
  return [
    toolName
      ? `In Zapier, create a new Zap and choose ${toolName} as the trigger (for example, "Appointment Completed").`
      : 'In Zapier, create a new Zap and choose your booking tool as the trigger (for example, "Appointment Completed").',
    'Add an action step: Webhooks by Zapier → POST.',
    'Paste your webhook URL below into the URL field.',
    'Map the fields client_name, client_email, appointment_date, status, phone and amount_charged.',
    'Test the Zap, then turn it on. Completed bookings now arrive here automatically.',
  ];
}
