import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { createFormSchema, updateFormSchema, type Form, type FormField } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessages } from '../../lib/form-errors';
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
const tabOf = (key: string | undefined): Tab => (key === 'fields' ? 'fields' : key === 'styles' ? 'design' : 'settings');

/** The server's schema, checking the draft as it will be sent (fields tidied). */
function draftResolver(editing: boolean): Resolver<Draft> {
  const check = (editing ? zodResolver(updateFormSchema) : zodResolver(createFormSchema)) as unknown as Resolver<Draft>;
  return (draft, context, options) => check({ ...draft, fields: tidy(draft.fields) }, context, options);
}

/** The first problem, in the schema's order (name, description, fields, styles), and whether it is the name's. */
function firstProblem(errors: FieldErrors<Draft>) {
  const key = Object.keys(errors)[0];
  return key ? { key, message: errorMessages({ [key]: errors[key as keyof Draft] } as FieldErrors)[0] ?? '' } : null;
}

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
  // One message at a time, as the spec's builder shows it; it stays until the next save or a change of the name.
  const form = useForm<Draft>({ resolver: draftResolver(Boolean(editing)), defaultValues: editing ? draftOf(editing) : newDraft(), reValidateMode: 'onSubmit' });
  const [tab, setTab] = useState<Tab>('settings');
  const [openField, setOpenField] = useState<string | null>(null);
  const create = useCreateForm(onClose);
  const update = useUpdateForm(onClose);
  const pending = create.isPending || update.isPending;
  const draft = form.watch();
  const problem = firstProblem(form.formState.errors);

  // What is sent is the draft with its fields tidied, as checked; the server fills in the rest.
  const send = () => {
    const d = form.getValues();
    const body = { name: d.name, description: d.description, fields: tidy(d.fields) };
    if (editing) update.mutate({ id: editing.id, input: { ...body, isActive: d.isActive } });
    else create.mutate({ businessId: 0, ...body, embedToken: newEmbedToken(), isActive: true, styles: d.styles });
  };
  const save = form.handleSubmit(send, (errors) => setTab(tabOf(firstProblem(errors)?.key)));

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
            <SettingsTab form={form} nameError={problem?.key === 'name' ? problem.message : undefined} showActive={Boolean(editing)} />
          </TabsContent>
          <TabsContent value="fields">
            <Controller
              control={form.control}
              name="fields"
              render={({ field }) => <FieldsTab fields={field.value} onChange={field.onChange} openId={openField} onOpen={setOpenField} />}
            />
          </TabsContent>
          {!editing && (
            <TabsContent value="design">
              <Controller
                control={form.control}
                name="styles"
                render={({ field }) => <DesignTab styles={field.value} onChange={(patch) => field.onChange({ ...field.value, ...patch })} />}
              />
            </TabsContent>
          )}
        </Tabs>
        <section aria-label="Live preview" className="min-w-0 space-y-2 lg:sticky lg:top-0 lg:self-start">
          <h3 className="text-sm font-medium text-slate-700">Live preview</h3>
          {preview}
        </section>
      </div>
      {problem && problem.key !== 'name' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {problem.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void save()} disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          {editing ? 'Save Changes' : 'Create Form'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
