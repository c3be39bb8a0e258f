import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react';
import { FIELD_TYPES, FIELD_TYPE_LABELS, MAX_LABEL, MAX_OPTIN_TEXT, MAX_PLACEHOLDER, SMS_COMPLIANCE_TEXT, type FieldType, type FormField } from '../../../shared/schemas/forms';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { withType } from './draft';

type Props = {
  field: FormField;
  open: boolean;
  onToggle: () => void;
  onChange: (field: FormField) => void;
  onRemove: () => void;
  canRemove: boolean;
};

/** One field of the list: a summary row, and its editor when it is the open one (one at a time). */
export function FieldEditor({ field, open, onToggle, onChange, onRemove, canRemove }: Props) {
  const id = `field-${field.id}`;
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  return (
    <li className="rounded-lg border border-slate-200 bg-white" data-testid="field-item">
      <div className="flex items-center gap-2 p-3">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={`${id}-editor`}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {open ? <ChevronUp className="size-4 shrink-0 text-slate-500" aria-hidden="true" /> : <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />}
          <span className="truncate font-medium text-slate-900">{field.label || 'Untitled field'}</span>
          <span className="sr-only">, edit field</span>
          <Badge variant="secondary">{FIELD_TYPE_LABELS[field.type]}</Badge>
          {field.required && <Badge variant="outline">Required</Badge>}
        </button>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} disabled={!canRemove} aria-label={`Remove ${field.label || 'field'}`}>
          <Trash2 />
        </Button>
      </div>
      {open && (
        <div id={`${id}-editor`} className="grid gap-3 border-t border-slate-100 p-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-label`}>Label</Label>
            <Input id={`${id}-label`} value={field.label} maxLength={MAX_LABEL} onChange={(e) => set({ label: e.target.value })} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-type`}>Field type</Label>
            <Select value={field.type} onValueChange={(v) => onChange(withType(field, v as FieldType))}>
              <SelectTrigger id={`${id}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {FIELD_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {FIELD_TYPE_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {['text', 'email', 'phone', 'textarea'].includes(field.type) && (
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor={`${id}-placeholder`}>Placeholder (optional)</Label>
              <Input id={`${id}-placeholder`} value={field.placeholder ?? ''} maxLength={MAX_PLACEHOLDER} onChange={(e) => set({ placeholder: e.target.value })} />
            </div>
          )}
          {field.type === 'select' && (
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor={`${id}-options`}>Options (one per line)</Label>
              <Textarea
                id={`${id}-options`}
                rows={4}
                value={(field.options ?? []).join('\n')}
                onChange={(e) => set({ options: e.target.value.split('\n') })}
              />
            </div>
          )}
          {field.type === 'sms-optin' && (
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor={`${id}-optin`}>Opt-in text</Label>
              <Textarea id={`${id}-optin`} rows={3} maxLength={MAX_OPTIN_TEXT} value={field.smsOptInText ?? ''} onChange={(e) => set({ smsOptInText: e.target.value })} />
              <p className="text-sm text-slate-500">
                Always shown after it, and not editable: <span className="text-slate-700">{SMS_COMPLIANCE_TEXT}</span>
              </p>
            </div>
          )}
          {field.type !== 'sms-optin' ? (
            <div className="flex items-center gap-2 sm:col-span-2">
              <Checkbox id={`${id}-required`} checked={field.required} onCheckedChange={(v) => set({ required: v === true })} />
              <Label htmlFor={`${id}-required`}>Required</Label>
            </div>
          ) : (
            <p className="text-sm text-slate-500 sm:col-span-2">An SMS opt-in is never required: agreeing to texts can&apos;t be a condition of sending the form.</p>
          )}
        </div>
      )}
    </li>
  );
}
