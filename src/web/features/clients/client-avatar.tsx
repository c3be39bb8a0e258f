import { avatarGradient, initials, type AVATAR_GRADIENTS } from '../../../shared/format';
import { cn } from '../../lib/utils';

const GRADIENT_CLASSES: Record<(typeof AVATAR_GRADIENTS)[number], string> = {
  blue: 'from-blue-400 to-blue-600',
  purple: 'from-purple-400 to-purple-600',
  green: 'from-green-400 to-green-600',
  red: 'from-red-400 to-red-600',
  yellow: 'from-yellow-400 to-yellow-600',
  pink: 'from-pink-400 to-pink-600',
  indigo: 'from-indigo-400 to-indigo-600',
  orange: 'from-orange-400 to-orange-600',
};

export function ClientAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-linear-to-br text-xs font-semibold text-white',
        GRADIENT_CLASSES[avatarGradient(name)],
        className,
      )}
    >
      {initials(name) || '?'}
    </span>
  );
}
