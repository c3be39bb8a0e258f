import { FileUp, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { ExpectedColumns } from './expected-columns';
import { UploadProgress } from '../../components/upload-progress';
import { UploadResultPanel } from './upload-result-panel';
import { useBookingUpload } from '../../lib/use-booking-upload';
import { FileInput } from '../../components/file-input';

const ACCEPT = '.csv,.xlsx,.xls';

export function CsvUploadCard() {
  const { file, choose, progress, inputRef, upload, start } = useBookingUpload((result) => `Processed ${result.processed} bookings, skipped ${result.skipped}`);
  const inputId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload your booking history</CardTitle>
        <CardDescription>A CSV or Excel export from your booking tool, up to 10 MB. Each completed booking becomes a client with a referral code.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ExpectedColumns />

        <div className="space-y-1.5">
          <Label htmlFor={inputId}>Booking file (.csv, .xlsx, .xls)</Label>
          <FileInput
            ref={inputRef}
            id={inputId}
            accept={ACCEPT}
            disabled={upload.isPending}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </div>

        <Button onClick={start} disabled={!file || upload.isPending} className="w-full sm:w-auto">
          {upload.isPending ? <Loader2 className="animate-spin" /> : <FileUp />}
          {upload.isPending ? 'Processing your file...' : 'Upload and Process CSV'}
        </Button>

        {upload.isPending && <UploadProgress percent={progress} />}
        {upload.isSuccess && <UploadResultPanel result={upload.data} />}
      </CardContent>
    </Card>
  );
}
