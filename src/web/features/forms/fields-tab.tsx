import { Plus } from 'lucide-react';
import { MAX_FIELDS, type FormField } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/button';
import { FieldEditor } from './field-editor';
import { newField } from './draft';

type Props = { fields: FormField[]; onChange: (fields: FormField[]) => void; openId: string | null; onOpen: (id: string | null) => void };

/** Form Fields: the list (it changes order only by adding or removing), one field open for editing at a time. */
export function FieldsTab({ fields, onChange, openId, onOpen }: Props) {
  const add = () => {
    const field = newField();
    onChange([...fields, field]);
    onOpen(field.id);
  };
  return (
    <div className="space-y-3">
      <ul className="space-y-2" aria-label="Form fields">
        {fields.map((f, i) => (
          <FieldEditor
            key={f.id}
            field={f}
            open={openId === f.id}
            onToggle={() => onOpen(openId === f.id ? null : f.id)}
            onChange={(next) => onChange(fields.map((x, j) => (j === i ? next : x)))}
            onRemove={() => {
              onChange(fields.filter((_x, j) => j !== i));
              if (openId === f.id) onOpen(null);
            }}
            canRemove={fields.length > 1}
          />
        ))}
      </ul>
      <Button type="button" variant="outline" onClick={add} disabled={fields.length >= MAX_FIELDS}>
        <Plus />
        Add Field
      </Button>
      {fields.length >= MAX_FIELDS && <p className="text-sm text-slate-500">A form can have at most {MAX_FIELDS} fields.</p>}
    </div>
  );
}
