import { useState, type FormEvent } from 'react';
import { BUSINESS_TYPES, MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/http';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { flashToast } from '../../lib/flash-toast';
import { callApi } from '../../lib/api-client';

const EMPTY = { name: '', email: '', phone: '', businessName: '', businessType: '', password: '', confirmPassword: '' };
type Fields = typeof EMPTY;

/** Spec part 1 section 5: the landing checks, in this order, each a destructive toast. */
function firstProblem(f: Fields): { title: string; description: string } | null {
  if (Object.values(f).some((v) => v.trim() === '')) {
    return { title: 'Please fill in all fields', description: 'All fields are required to create your account.' };
  }
  if (f.password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Password too short', description: 'Password must be at least 6 characters long.' };
  }
  if (f.password !== f.confirmPassword) {
    return { title: "Passwords don't match", description: 'Please make sure both passwords are identical.' };
  }
  return null;
}

export function SignupModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [pending, setPending] = useState(false);

  // The landing page runs without the app (no router, no session state): after signing up, the app opens
  // at the setup screen with a page load (the session cookie is set), and shows the welcome toast there.
  const signUp = async (values: Fields) => {
    setPending(true);
    try {
      await callApi('POST /api/auth/signup', { body: { ...values, timeZone: browserTimeZone() } });
    } catch (error) {
      setPending(false);
      toast({ title: 'Signup Failed', description: errorMessage(error, 'Signup failed'), variant: 'destructive' });
      return;
    }
    flashToast({ title: "Thanks! Let's get your referral system set up.", description: "You're in — starting setup now..." });
    window.location.assign(`/setup-${values.businessType}`);
  };

  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = firstProblem(fields);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    void signUp(fields);
  };

  const text = (key: keyof Fields, label: string, props: Record<string, string> = {}) => (
    <div className="space-y-1.5">
      <Label htmlFor={`signup-${key}`}>{label}</Label>
      <Input
        id={`signup-${key}`}
        name={key}
        required
        value={fields[key]}
        onChange={(e) => set(key)(e.target.value)}
        {...props}
      />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[80vh] max-w-[500px] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-xl">Start Your Free Account</DialogTitle>
          <DialogDescription>Set up your referral system in 5 minutes. No credit card required.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          {text('name', 'Your name', { autoComplete: 'name', placeholder: 'Jane Smith' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email', placeholder: 'you@business.com' })}
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', placeholder: '(555) 123-4567' })}
          {text('businessName', 'Business name', { autoComplete: 'organization', placeholder: 'Sparkle Cleaning Co.' })}
          <div className="space-y-1.5">
            <Label htmlFor="signup-businessType">Business type</Label>
            <Select name="businessType" required value={fields.businessType} onValueChange={set('businessType')}>
              <SelectTrigger id="signup-businessType">
                <SelectValue placeholder="Choose your business type" />
              </SelectTrigger>
              <SelectContent>
                {BUSINESS_TYPES.map((t) => (
                  <SelectItem key={t.value} value={t.value}>
                    {t.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {text('password', 'Password', { type: 'password', autoComplete: 'new-password', placeholder: 'Minimum 6 characters' })}
          {text('confirmPassword', 'Confirm password', { type: 'password', autoComplete: 'new-password' })}
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? 'Creating Account...' : 'Start My Free Account'}
          </Button>
          <p className="text-center text-xs text-slate-500">No credit card required.</p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
