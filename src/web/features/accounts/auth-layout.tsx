import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { usePageTitle } from '../../lib/use-page-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card the sign-in, signup and password screens share. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="px-4 py-4 sm:px-8">
        <Link to="/" aria-label="Referloop home" className="inline-block">
          <BrandMark />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Card className="shadow-md">
            <CardHeader className="text-center">
              <CardTitle as="h1" className="text-2xl">
                {title}
              </CardTitle>
              {description && <CardDescription>{description}</CardDescription>}
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
          {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
