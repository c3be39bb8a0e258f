// A failed text's provider error code (Twilio's ErrorCode) in an owner's words: what happened and what to
// do (docs/sms.md, "Delivery errors"). Shared by the server (refusals, bulk reasons) and the screens.

export type DeliveryError = {
  /** A few words for a badge: "Landline: can't receive texts". */
  label: string;
  /** Why, then what to do, in one or two sentences. */
  advice: string;
  /** The number itself cannot take texts: not retried, left out of bulk and automations. */
  unreachable: boolean;
};

const KNOWN: Record<number, DeliveryError> = {
  30003: {
    label: 'Unreachable',
    advice: "The phone was off or out of coverage when the text was sent. Try again later, or give them a call.",
    unreachable: false,
  },
  30005: {
    label: 'Unknown number',
    advice: "The carrier says this number doesn't exist or is no longer in service. Check the number with the client and correct it.",
    unreachable: false,
  },
  30006: {
    label: "Landline: can't receive texts",
    advice: "This is a landline or a number that can't receive texts. Call instead, or ask the client for a mobile number.",
    unreachable: true,
  },
  30007: {
    label: 'Filtered as spam',
    advice: 'The carrier blocked the text as spam. Make it personal, avoid link shorteners and capitals, and check that your number is registered for business texting.',
    unreachable: false,
  },
  30034: {
    label: 'Number not yet registered',
    advice: "Your texting number isn't registered for business texting (A2P 10DLC) yet, so carriers block its texts. They go through once the registration is approved.",
    unreachable: false,
  },
  21610: {
    label: 'Opted out at the carrier',
    advice: 'The person replied STOP to your number. They can text START to your number to opt back in.',
    unreachable: false,
  },
  21211: {
    label: 'Not a valid number',
    advice: "This isn't a valid phone number. Correct the client's number.",
    unreachable: true,
  },
  21614: {
    label: "Landline: can't receive texts",
    advice: "This number can't receive texts (not a mobile number). Call instead, or ask the client for a mobile number.",
    unreachable: true,
  },
};

export function deliveryError(code: number | null | undefined): DeliveryError | null {
  if (code == null || !Number.isFinite(code)) return null;
  return (
    KNOWN[code] ?? {
      label: `Not delivered (error ${code})`,
      advice: "The carrier didn't deliver the text. Try again later; if it keeps failing, check the number with the client.",
      unreachable: false,
    }
  );
}

export const isUnreachableCode = (code: number | null | undefined): boolean => deliveryError(code)?.unreachable === true;
