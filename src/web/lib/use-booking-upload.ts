import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { UPLOAD_LIMIT_BYTES } from '../../shared/constants';
import { nothingNewSentence } from '../../shared/import-summary';
import type { UploadResult } from '../../shared/schemas/imports';
import { toast } from '../components/ui/use-toast';
import { refreshAfterImport } from './query-keys/imports';
import { UploadError, uploadFile } from './upload-file';

/**
 * A booking file chosen, checked against the 10 MB limit and uploaded with its progress (Data Sources and the
 * setup guide's data step). `successText` is each screen's own 'Upload Successful' sentence (spec section 8); a file
 * that added nothing says so instead, as the result panel does (docs/clients-api.md).
 */
export function useBookingUpload(successText: (result: UploadResult) => string) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const upload = useMutation({
    mutationFn: (f: File) => {
      setProgress(0);
      return uploadFile(f, setProgress);
    },
    onSuccess: (result) => {
      toast({ title: 'Upload Successful', description: nothingNewSentence(result) ?? successText(result) });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    },
    onError: (error) =>
      toast({ title: 'Upload Failed', description: error instanceof UploadError ? error.message : 'Upload failed', variant: 'destructive' }),
    onSettled: () => refreshAfterImport(qc),
  });

  const start = () => {
    if (!file) return;
    if (file.size > UPLOAD_LIMIT_BYTES) {
      toast({ title: 'Upload Failed', description: 'File is too large. The limit is 10 MB.', variant: 'destructive' });
      return;
    }
    upload.mutate(file);
  };

  const choose = (next: File | null) => {
    setFile(next);
    upload.reset();
  };

  return { file, choose, progress, inputRef, upload, start };
}
