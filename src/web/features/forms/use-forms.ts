import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formListSchema, type CreateFormInput, type UpdateFormInput } from '../../../shared/schemas/forms';
import { errorMessage } from '../../lib/api';
import { apiQuery } from '../../lib/api-query';
import { toast } from '../../components/ui/use-toast';
import { FORMS_KEY } from '../../lib/query-keys/forms';
import { apiUrl, callApi } from '../../lib/api-client';


/** The public page of a form (Preview, and the iframe's src). */
export const embedPath = (token: string) => apiUrl('GET /api/forms/:embedToken/embed', { params: { embedToken: token } });

// Submissions arrive while the owner is elsewhere, so the list reads afresh each time the screen opens. The
// document types a colour as unknown (its schema checks it in code), so the list is read through the shared schema.
export const useForms = () => useQuery({ ...apiQuery('GET /api/forms'), select: (forms) => formListSchema.parse(forms), refetchOnMount: 'always' });

export function useCreateForm(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFormInput) => callApi('POST /api/forms', { body: input }),
    onSuccess: async () => {
      toast({ title: 'Form created successfully' });
      onDone();
      await qc.invalidateQueries({ queryKey: [FORMS_KEY] });
    },
    onError: (error) => toast({ title: 'Failed to create form', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}

export function useUpdateForm(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateFormInput }) => callApi('PATCH /api/forms/:id', { params: { id }, body: input }),
    onSuccess: async () => {
      toast({ title: 'Form updated successfully' });
      onDone();
      await qc.invalidateQueries({ queryKey: [FORMS_KEY] });
    },
    onError: (error) => toast({ title: 'Failed to update form', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}

export function useDeleteForm(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: { id: number }) => callApi('DELETE /api/forms/:id', { params: { id: form.id } }),
    onSuccess: async () => {
      toast({ title: 'Form deleted successfully' });
      onDone();
      await qc.invalidateQueries({ queryKey: [FORMS_KEY] });
    },
    onError: (error) => toast({ title: 'Failed to delete form', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
