// What a client would read: the placeholders filled in as the send service fills them (the same
// renderer, shared/sms-template.ts; docs/sms.md), and which placeholders have no value yet (the server then
// refuses to send rather than text a hole).
import { type RenderValues, renderMessage } from '../../../shared/sms-template';

export { firstName, referralLink } from '../../../shared/sms-template';

export type PreviewValues = RenderValues;

export function renderPreview(template: string, values: PreviewValues): { text: string; missing: string[] } {
  const { text, missingAsWritten } = renderMessage(template, values);
  return { text, missing: missingAsWritten };
}
