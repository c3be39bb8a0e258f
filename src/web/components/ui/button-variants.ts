import { cva, type VariantProps } from 'class-variance-authority';

// The button classes without tailwind-merge, so the landing page can style its buttons and links without
// loading it (its classes never conflict with these; Button itself merges a caller's className).
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        // brand-600: white text on brand-500 (#667eea) is 3.7:1, below WCAG AA's 4.5:1.
        default: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
        destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
        outline: 'border border-slate-200 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
        secondary: 'bg-brand-50 text-brand-700 hover:bg-brand-100',
        ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        link: 'text-brand-600 underline-offset-4 hover:underline',
        // White on a brand-coloured band (the landing page's closing call to action).
        inverse: 'border border-white bg-white text-brand-700 shadow-sm hover:bg-brand-50',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-12 rounded-lg px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;
