import { describe, expect, it } from 'vitest';
import { importMessage, nothingNewSentence, processedBookingsSentence } from './import-summary';

describe('what an upload says', () => {
  it('a file that added nothing says so, with the count of bookings already imported', () => {
    expect(nothingNewSentence({ newBookings: 0, duplicateBookings: 38 })).toBe('Nothing new: 38 bookings were already imported');
    expect(nothingNewSentence({ newBookings: 0, duplicateBookings: 1 })).toBe('Nothing new: 1 booking was already imported');
    expect(nothingNewSentence({ newBookings: 0, duplicateBookings: 1240 })).toBe('Nothing new: 1,240 bookings were already imported');
  });

  it("keeps the screen's own sentence when a booking was added or the file had none", () => {
    expect(nothingNewSentence({ newBookings: 1, duplicateBookings: 37 })).toBeNull();
    expect(nothingNewSentence({ newBookings: 0, duplicateBookings: 0 })).toBeNull();
  });

  it('counts bookings in the right form of the word', () => {
    expect(processedBookingsSentence({ processed: 1, skipped: 0 })).toBe('Processed 1 booking, skipped 0');
    expect(processedBookingsSentence({ processed: 38, skipped: 2 })).toBe('Processed 38 bookings, skipped 2');
    const counts = { processed: 1, skipped: 0, newBookings: 1, duplicateBookings: 0, newClients: 1, updatedClients: 0, rowsWithoutStatus: 0, errorCount: 1 };
    expect(importMessage(counts)).toBe('Processed 1 booking, skipped 0. Bookings: 1 new. Clients: 1 new. 1 row had problems (see errors).');
  });
});
