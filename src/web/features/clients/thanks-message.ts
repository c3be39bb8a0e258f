import { firstName } from '../../../shared/sms-template';

/** The Send Thank You dialog's text, filled in for the owner to read and change before it goes. */
export const defaultThanksMessage = (name: string) => {
  // "Smith, John" greets John, "Dr. Ann Lee" Ann; no name greets "there" (docs/sms.md, "Names").
  const first = firstName(name) || 'there';
  return `Hi ${first}! Thank you so much for being such a loyal client. We truly appreciate your business and look forward to seeing you again soon!`;
};
