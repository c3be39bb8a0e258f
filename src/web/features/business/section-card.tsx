import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

type EditControls = {
  editing: boolean;
  saving: boolean;
  /** The form the Save button submits. */
  formId: string;
  onEdit: () => void;
  onCancel: () => void;
  /** Names the section for screen readers ("Edit Business Profile"). */
  label: string;
};

/** One Settings section: a card with its title and, for the editable ones, Edit, then Save or Cancel. */
export function SectionCard({
  title,
  description,
  icon: Icon,
  edit,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  edit?: EditControls;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className} aria-labelledby={`${idOf(title)}-title`} role="region">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 sm:flex">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 space-y-1">
            <CardTitle id={`${idOf(title)}-title`}>{title}</CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          {actions}
          {edit && !edit.editing && (
            <Button variant="outline" size="sm" onClick={edit.onEdit} aria-label={`Edit ${edit.label}`}>
              Edit
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {children}
        {edit?.editing && (
          // Under the form, where a long form ends (on a phone the header is far above).
          <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={edit.onCancel} disabled={edit.saving} aria-label={`Cancel editing ${edit.label}`}>
              Cancel
            </Button>
            <Button type="submit" form={edit.formId} disabled={edit.saving} aria-label={`Save ${edit.label}`}>
              {edit.saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const idOf = (title: string) => `settings-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A read-only value with its label (shown when the section is not being edited). */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export const NotSet = () => <span className="text-slate-500">Not set</span>;
