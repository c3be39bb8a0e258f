import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';

interface FormActionsProps {
  onCancel: () => void;
  /** True while the submitted form is being sent: the submit button waits and says `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** False when the form can't be sent yet (e.g. a required choice is missing). */
  canSubmit?: boolean;
  /** Set for a form outside a dialog footer: the buttons' row then takes these classes. */
  className?: string;
}

/** A form's Cancel and submit buttons (Cancel waits too while the form is being sent). */
export function FormActions({ onCancel, pending, submitLabel, pendingLabel, canSubmit = true, className }: FormActionsProps) {
  const Row = className ? 'div' : DialogFooter;
  return (
    <Row className={className}>
      <Button variant="outline" type="button" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || !canSubmit}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </Row>
  );
}

/** A form's one full-width submit button, saying `pendingLabel` while the form is being sent. */
export function SubmitButton({ pending, label, pendingLabel, disabled = false }: { pending: boolean; label: string; pendingLabel: string; disabled?: boolean }) {
  return (
    <Button type="submit" className="w-full" disabled={disabled || pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
