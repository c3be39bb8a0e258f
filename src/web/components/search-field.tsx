import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from './ui/input';
import { Label } from './ui/label';

/** A labelled search box with its magnifier, as the client, referral and lead lists have it. */
export function SearchField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex-1 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input id={id} type="search" placeholder={placeholder} className="pl-9" value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}
