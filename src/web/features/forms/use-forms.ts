import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFormInput, Form, UpdateFormInput } from '../../../shared/schemas/forms';
import { apiJson, errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import { FORMS_KEY } from '../../lib/query-keys/forms';
import { apiUrl } from '../../lib/api-client';


/** The public page of a form (Preview, and the iframe's src). */
export const embedPath = (token: string) => apiUrl('GET /api/forms/:embedToken/embed', { params: { embedToken: token } });

// Submissions arrive while the owner is elsewhere, so the list reads afresh each time the screen opens.
export const useForms = () => useQuery<Form[]>({ queryKey: [FORMS_KEY], refetchOnMount: 'always' });

export function useCreateForm(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFormInput) => apiJson<Form>('POST', FORMS_KEY, input),
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
    mutationFn: ({ id, input }: { id: number; input: UpdateFormInput }) => apiJson<Form>('PATCH', `${FORMS_KEY}/${id}`, input),
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
    mutationFn: (form: Form) => apiJson<{ success: true }>('DELETE', `${FORMS_KEY}/${form.id}`),
    onSuccess: async () => {
      toast({ title: 'Form deleted successfully' });
      onDone();
      await qc.invalidateQueries({ queryKey: [FORMS_KEY] });
    },
    onError: (error) => toast({ title: 'Failed to delete form', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}
