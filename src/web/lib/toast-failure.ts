import { toast } from '../components/ui/use-toast';
import { errorMessage } from './http';

/** The red toast of a request that failed: the server's sentence, or `fallback` when it gave none. */
export const toastFailure = (title: string, error: unknown, fallback: string) => toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
