import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import type { AvailableNumber } from './types';
import { refreshBusiness } from './use-sms';
import { callApi } from '../../lib/api-client';

// The number set-up flow of spec part 2 section 4: input -> searching -> selecting (numbers found) or
// back to input (none or error) -> purchasing; success resets the flow, failure returns to selecting.
export type SetupStep = 'input' | 'searching' | 'selecting' | 'purchasing';

export interface SearchInput {
  areaCode: string;
  businessZipCode: string;
}

export function useNumberSetup(onReady: () => void) {
  const qc = useQueryClient();
  const [step, setStep] = useState<SetupStep>('input');
  const [numbers, setNumbers] = useState<AvailableNumber[]>([]);
  const [searched, setSearched] = useState<SearchInput>({ areaCode: '', businessZipCode: '' });

  const search = useMutation({
    mutationFn: (input: SearchInput) => {
      const body: Partial<SearchInput> = {};
      if (input.areaCode) body.areaCode = input.areaCode;
      if (input.businessZipCode) body.businessZipCode = input.businessZipCode;
      return callApi('POST /api/sms/search-numbers', { body });
    },
    onMutate: (input) => {
      setSearched(input);
      setStep('searching');
    },
    onSuccess: (res) => {
      const found = res?.numbers ?? [];
      if (!res?.success || found.length === 0) {
        setStep('input');
        toast({
          title: 'No numbers available',
          description: res?.message || 'No available numbers in this area code. Please try a nearby one.',
          variant: 'destructive',
        });
        return;
      }
      setNumbers(found);
      setStep('selecting');
      toast({ title: 'Numbers found!', description: `Found ${found.length} available numbers` });
    },
    onError: (error) => {
      setStep('input');
      const description = error instanceof ApiError ? `HTTP ${error.status}: ${error.body}` : 'Please try again.';
      toast({ title: 'Search failed', description, variant: 'destructive' });
    },
  });

  const purchase = useMutation({
    mutationFn: (phoneNumber: string) =>
      callApi('POST /api/sms/purchase-number', { body: { phoneNumber, areaCode: searched.areaCode || undefined } }),
    onMutate: () => setStep('purchasing'),
    onSuccess: async (res, phoneNumber) => {
      toast({ title: 'SMS number ready!', description: `Your business number is ${res?.friendlyNumber ?? phoneNumber}.` });
      await refreshBusiness(qc);
      setStep('input');
      setNumbers([]);
      onReady();
    },
    onError: (error) => {
      setStep('selecting');
      toast({ title: 'Setup failed', description: errorMessage(error, 'The number could not be set up. Please try another one.'), variant: 'destructive' });
    },
  });

  return {
    step,
    numbers,
    searched,
    search: (input: SearchInput) => search.mutate(input),
    purchase: (phoneNumber: string) => purchase.mutate(phoneNumber),
    pendingNumber: purchase.isPending ? purchase.variables : undefined,
    searchAgain: () => {
      setStep('input');
      setNumbers([]);
    },
  };
}
