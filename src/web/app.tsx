import { Toaster } from './components/ui/toaster';
import { TooltipProvider } from './components/ui/tooltip';
import { AuthProvider } from './lib/auth';
import { AppRouter } from './router';

export function App() {
  return (
    <AuthProvider>
      <TooltipProvider>
        <AppRouter />
        <Toaster />
      </TooltipProvider>
    </AuthProvider>
  );
}
