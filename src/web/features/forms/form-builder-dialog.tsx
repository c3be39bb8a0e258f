import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { createFormSchema, updateFormSchema, type Form, type FormField } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DesignTab } from './design-tab';
import { type Draft, draftOf, newDraft, newEmbedToken } from './draft';
import { FieldsTab } from './fields-tab';
import { FormPreview } from './form-preview';
import { SettingsTab } from './settings-tab';
import { useCreateForm, useUpdateForm } from './use-forms';

type Tab = 'settings' | 'fields' | 'design';
/** Three tabs fit a phone's width in small type. */
const TAB = 'px-2 text-xs sm:px-3 sm:text-sm';

/** What is sent: options and placeholders tidied (blank lines dropped), as the server keeps them. */
const tidy = (fields: FormField[]): FormField[] =>
  fields.map((f) => ({
    ...f,
    placeholder: f.placeholder?.trim() ? f.placeholder : undefined,
    options: f.options ? f.options.map((o) => o.trim()).filter(Boolean) : undefined,
  }));

/** Which tab holds the input a message is about. */
const tabOf = (path: PropertyKey[]): Tab => (path[0] === 'fields' ? 'fields' : path[0] === 'styles' ? 'design' : 'settings');

/**
 * Create (three tabs: Form Settings, Form Fields, Design & Style) or Edit (settings and fields), with a
 * live preview beside the tabs on a wide screen and under them on a phone.
 */
export function FormBuilderDialog({ editing, open, onClose }: { editing: Form | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      {open && <Builder key={editing?.id ?? 'new'} editing={editing} onClose={onClose} />}
    </Dialog>
  );
}

function Builder({ editing, onClose }: { editing: Form | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : newDraft()));
  const [tab, setTab] = useState<Tab>('settings');
  const [openField, setOpenField] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; name: boolean } | null>(null);
  const create = useCreateForm(onClose);
  const update = useUpdateForm(onClose);
  const pending = create.isPending || update.isPending;
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (patch.name !== undefined) setError(null);
  };

  const save = () => {
    const fields = tidy(draft.fields);
    const body = { name: draft.name, description: draft.description, fields };
    const checked = editing
      ? updateFormSchema.safeParse({ ...body, isActive: draft.isActive })
      : createFormSchema.safeParse({ businessId: 0, ...body, embedToken: newEmbedToken(), isActive: true, styles: draft.styles });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError({ message: issue.message, name: issue.path[0] === 'name' });
      setTab(tabOf(issue.path));
      return;
    }
    setError(null);
    if (editing) update.mutate({ id: editing.id, input: { ...body, isActive: draft.isActive } });
    else create.mutate({ businessId: 0, ...body, embedToken: newEmbedToken(), isActive: true, styles: draft.styles });
  };

  const preview = <FormPreview name={draft.name} description={draft.description} fields={tidy(draft.fields)} styles={draft.styles} />;
  return (
    <DialogContent className="max-h-[92vh] max-w-5xl overflow-y-auto" onInteractOutside={(e) => pending && e.preventDefault()}>
      <DialogHeader>
        <DialogTitle>{editing ? `Edit ${editing.name}` : 'Create Form'}</DialogTitle>
        <DialogDescription>
          {editing ? 'Change the form’s settings and fields; the embed code stays the same.' : 'Every submission becomes a lead in your inbox.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="min-w-0">
          <TabsList className={`grid h-auto w-full sm:inline-flex sm:w-auto ${editing ? 'grid-cols-2' : 'grid-cols-3'}`}>
            <TabsTrigger value="settings" className={TAB}>
              Form Settings
            </TabsTrigger>
            <TabsTrigger value="fields" className={TAB}>
              Form Fields
            </TabsTrigger>
            {!editing && (
              <TabsTrigger value="design" className={TAB}>
                Design &amp; Style
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="settings">
            <SettingsTab draft={draft} onChange={change} nameError={error?.name ? error.message : undefined} showActive={Boolean(editing)} />
          </TabsContent>
          <TabsContent value="fields">
            <FieldsTab fields={draft.fields} onChange={(fields) => change({ fields })} openId={openField} onOpen={setOpenField} />
          </TabsContent>
          {!editing && (
            <TabsContent value="design">
              <DesignTab styles={draft.styles} onChange={(patch) => change({ styles: { ...draft.styles, ...patch } })} />
            </TabsContent>
          )}
        </Tabs>
        <section aria-label="Live preview" className="min-w-0 space-y-2 lg:sticky lg:top-0 lg:self-start">
          <h3 className="text-sm font-medium text-slate-700">Live preview</h3>
          {preview}
        </section>
      </div>
      {error && !error.name && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="button" onClick={save} disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          {editing ? 'Save Changes' : 'Create Form'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
