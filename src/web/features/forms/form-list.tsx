import { Code2, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import type { Form } from '../../../shared/schemas/forms';
import { formatDate, plural } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { embedPath } from './use-forms';

type Props = { forms: Form[]; onEdit: (f: Form) => void; onEmbed: (f: Form) => void; onDelete: (f: Form) => void };


/** The form list: name, active/inactive, field count, submission count, created date, and the actions. */
export function FormList({ forms, onEdit, onEmbed, onDelete }: Props) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Your forms">
      {forms.map((f) => (
        <li key={f.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="form-card">
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 break-words text-base font-semibold text-slate-900">{f.name}</h2>
            <Badge variant={f.isActive ? 'success' : 'secondary'}>{f.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
          {f.description && <p className="mt-1 line-clamp-2 break-words text-sm text-slate-500">{f.description}</p>}
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <div>
              <dt className="text-slate-500">Fields</dt>
              <dd className="tabular font-medium text-slate-900" data-testid="field-count">
                {f.fields.length}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Submissions</dt>
              <dd className="tabular font-medium text-slate-900" data-testid="submission-count">
                {f.submissionCount.toLocaleString('en-US')}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Created</dt>
              <dd className="font-medium text-slate-900">{formatDate(f.createdAt)}</dd>
            </div>
          </dl>
          <div className="min-h-5 flex-1" aria-hidden="true" />
          <p className="sr-only">
            {plural(f.fields.length, 'field', 'fields')}, {plural(f.submissionCount, 'submission', 'submissions')}
          </p>
          <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <Button variant="outline" size="sm" onClick={() => onEdit(f)} aria-label={`Edit ${f.name}`}>
              <Pencil />
              Edit
            </Button>
            <Button variant="outline" size="sm" onClick={() => onEmbed(f)} aria-label={`Embed ${f.name}`}>
              <Code2 />
              Embed
            </Button>
            <a
              href={embedPath(f.embedToken)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              aria-label={`Preview ${f.name} (opens in a new tab)`}
            >
              <ExternalLink aria-hidden="true" />
              Preview
            </a>
            <Button variant="ghost" size="sm" onClick={() => onDelete(f)} aria-label={`Delete ${f.name}`} className="text-red-700 hover:bg-red-50 hover:text-red-800">
              <Trash2 />
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
