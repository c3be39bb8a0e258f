/** Upload percentage from the browser; once the bytes are sent the server's import runs (no percentage). */
export function UploadProgress({ percent }: { percent: number }) {
  const sent = percent >= 100;
  return (
    <div className="space-y-1.5" aria-live="polite">
      <div className="flex justify-between text-xs text-slate-500 tabular">
        <span>{sent ? 'Importing bookings...' : 'Uploading...'}</span>
        {!sent && <span>{percent}%</span>}
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={sent ? undefined : percent}
      >
        <div className={`h-full rounded-full bg-brand-500 transition-[width] ${sent ? 'w-full animate-pulse' : ''}`} style={sent ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}
