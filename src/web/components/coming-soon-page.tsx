import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';
import { Button } from './ui/button';

type NextStep = { to: string; label: string; icon?: LucideIcon };

/**
 * A screen whose feature is not built yet: says so plainly (it must not claim there is no data) and
 * offers the next useful step.
 */
export function ComingSoonPage({
  title,
  description,
  icon,
  what,
  next,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  /** What the screen will do, in one sentence. */
  what: string;
  next: NextStep[];
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={icon}
        title="Coming soon"
        text={what}
        action={next.map(({ to, label, icon: Icon }, i) => (
          <Button key={to} asChild variant={i === 0 ? 'default' : 'outline'}>
            <Link to={to}>
              {Icon && <Icon />} {label}
            </Link>
          </Button>
        ))}
      />
    </>
  );
}
