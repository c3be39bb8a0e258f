import { MAX_DESCRIPTION, MAX_FORM_NAME } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import type { Draft } from './draft';

type Props = { draft: Draft; onChange: (patch: Partial<Draft>) => void; nameError?: string; showActive: boolean };

/** Form Settings: name (required), description and, when editing, whether the form takes submissions. */
export function SettingsTab({ draft, onChange, nameError, showActive }: Props) {
  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="form-name">Form name</Label>
        <Input
          id="form-name"
          value={draft.name}
          maxLength={MAX_FORM_NAME}
          placeholder="e.g. Free quote request"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'form-name-error' : undefined}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <FieldError id="form-name-error" message={nameError} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="form-description">Description (optional)</Label>
        <Textarea
          id="form-description"
          value={draft.description}
          maxLength={MAX_DESCRIPTION}
          rows={3}
          placeholder="Shown under the form's title, e.g. Tell us about your home and we'll send a quote within a day."
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      {showActive && (
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <Checkbox id="form-active" checked={draft.isActive} onCheckedChange={(v) => onChange({ isActive: v === true })} className="mt-0.5" />
          <div>
            <Label htmlFor="form-active">Active</Label>
            <p className="mt-1 text-sm text-slate-500">An inactive form stays on your site but tells visitors it is not accepting submissions.</p>
          </div>
        </div>
      )}
    </div>
  );
}
