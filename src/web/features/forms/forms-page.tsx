import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Form } from '../../../shared/schemas/forms';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { DeleteFormDialog } from './delete-form-dialog';
import { EmbedDialog } from './embed-dialog';
import { FormBuilderDialog } from './form-builder-dialog';
import { FormList } from './form-list';
import { useForms } from './use-forms';

/** Spec part 2 "Forms": 'Lead Capture Forms', the list, Create/Edit/Embed/Preview/Delete. */
export function FormsPage() {
  const forms = useForms();
  const [builder, setBuilder] = useState<{ open: boolean; editing: Form | null }>({ open: false, editing: null });
  const [embedding, setEmbedding] = useState<Form | null>(null);
  const [deleting, setDeleting] = useState<Form | null>(null);
  const openCreate = () => setBuilder({ open: true, editing: null });
  const list = forms.data ?? [];

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeader
        title="Lead Capture Forms"
        description="Forms for your website: every submission becomes a lead in your inbox."
        actions={
          list.length > 0 && (
            <Button onClick={openCreate}>
              <Plus />
              Create Form
            </Button>
          )
        }
      />
      {forms.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading forms">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : forms.isError && !forms.data ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Your forms could not be loaded. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="No forms yet"
          text="Create a lead-capture form, put it on your website with one line of code, and every visitor who fills it in shows up in your Lead Inbox."
          action={
            <Button onClick={openCreate}>
              <Plus />
              Create your first form
            </Button>
          }
        />
      ) : (
        <FormList forms={list} onEdit={(f) => setBuilder({ open: true, editing: f })} onEmbed={setEmbedding} onDelete={setDeleting} />
      )}
      <FormBuilderDialog open={builder.open} editing={builder.editing} onClose={() => setBuilder({ open: false, editing: null })} />
      <EmbedDialog form={embedding} onClose={() => setEmbedding(null)} />
      <DeleteFormDialog form={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
