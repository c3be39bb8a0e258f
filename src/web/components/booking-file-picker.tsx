import { FileUp, Loader2 } from 'lucide-react';
import { useId } from 'react';
import type { useBookingUpload } from '../lib/use-booking-upload';
import { FileInput } from './file-input';
import { UploadProgress } from './upload-progress';
import { Button } from './ui/button';
import { Label } from './ui/label';

const ACCEPT = '.csv,.xlsx,.xls';

/** The booking file's picker, its upload button and the upload's progress (the import card and the setup guide). */
export function BookingFilePicker(props: { upload: ReturnType<typeof useBookingUpload>; buttonLabel: string; hint?: string }) {
  const { file, choose, progress, inputRef, upload, start } = props.upload;
  const inputId = useId();
  const hintId = useId();
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>Booking file (.csv, .xlsx, .xls)</Label>
        <FileInput
          ref={inputRef}
          id={inputId}
          accept={ACCEPT}
          aria-describedby={props.hint ? hintId : undefined}
          disabled={upload.isPending}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        {props.hint && (
          <p id={hintId} className="text-xs text-slate-500">
            {props.hint}
          </p>
        )}
      </div>
      <Button onClick={start} disabled={!file || upload.isPending} className="w-full sm:w-auto">
        {upload.isPending ? <Loader2 className="animate-spin" /> : <FileUp />}
        {upload.isPending ? 'Processing your file...' : props.buttonLabel}
      </Button>
      {upload.isPending && <UploadProgress percent={progress} />}
    </>
  );
}
