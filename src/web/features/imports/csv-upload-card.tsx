import { processedBookingsSentence } from '../../../shared/import-summary';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ExpectedColumns } from './expected-columns';
import { UploadResultPanel } from './upload-result-panel';
import { useBookingUpload } from '../../lib/use-booking-upload';
import { BookingFilePicker } from '../../components/booking-file-picker';

export function CsvUploadCard() {
  const picker = useBookingUpload(processedBookingsSentence);
  const { upload } = picker;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload your booking history</CardTitle>
        <CardDescription>A CSV or Excel export from your booking tool, up to 10 MB. Each completed booking becomes a client with a referral code.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ExpectedColumns />

        <BookingFilePicker upload={picker} buttonLabel="Upload and Process CSV" />
        {upload.isSuccess && <UploadResultPanel result={upload.data} />}
      </CardContent>
    </Card>
  );
}
