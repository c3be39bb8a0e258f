import { z } from 'zod';

// Design & Style of a lead-capture form (spec part 2 section 9): every option and default, and the CSS the
// embed page and the builder's live preview both draw from (docs/forms.md "Design & Style").

export const FONTS = ['Inter', 'Roboto', 'Georgia', 'Arial', 'Times New Roman', 'Helvetica'] as const;
export const BUTTON_SHAPES = ['rounded', 'slightly-rounded', 'sharp'] as const;
export const FIELD_BORDER_STYLES = ['boxed', 'underline', 'none'] as const;
export const THEMES = ['modern', 'minimal', 'classic', 'vibrant'] as const;
export const SPACINGS = ['compact', 'comfortable', 'spacious'] as const;
export const SHADOW_LEVELS = ['none', 'subtle', 'medium', 'strong'] as const;
export const CONTAINER_WIDTHS = ['narrow', 'medium', 'wide', 'full'] as const;
export const FIELD_SIZES = ['small', 'medium', 'large'] as const;
export const BUTTON_STYLES = ['solid', 'outline', 'gradient'] as const;
/** The spec names only the default ('none'); the others tint the form's background (docs/forms.md). */
export const GRADIENT_STYLES = ['none', 'soft', 'diagonal', 'radial'] as const;

/** Labels for the builder's selects. */
export const STYLE_LABELS: Record<string, string> = {
  rounded: 'Rounded (8px)',
  'slightly-rounded': 'Slightly rounded (4px)',
  sharp: 'Sharp (0px)',
  boxed: 'Boxed',
  underline: 'Underline',
  none: 'None',
  modern: 'Modern',
  minimal: 'Minimal',
  classic: 'Classic',
  vibrant: 'Vibrant',
  compact: 'Compact',
  comfortable: 'Comfortable',
  spacious: 'Spacious',
  subtle: 'Subtle',
  medium: 'Medium',
  strong: 'Strong',
  narrow: 'Narrow (320px)',
  wide: 'Wide (640px)',
  full: 'Full width (100%)',
  small: 'Small',
  large: 'Large',
  solid: 'Solid',
  outline: 'Outline',
  gradient: 'Gradient',
  soft: 'Soft (top to bottom)',
  diagonal: 'Diagonal',
  radial: 'Radial',
};
/** Container width "medium" reads differently from field size "medium". */
export const CONTAINER_WIDTH_LABELS: Record<(typeof CONTAINER_WIDTHS)[number], string> = {
  narrow: 'Narrow (320px)',
  medium: 'Medium (480px)',
  wide: 'Wide (640px)',
  full: 'Full width (100%)',
};

export const DEFAULT_PRIVACY_TEXT = 'We respect your privacy and will never spam you.';
export const MAX_PRIVACY_TEXT = 300;
export const MAX_BORDER_RADIUS = 32;

export const DEFAULT_STYLES = {
  font: 'Inter',
  primaryColor: '#667eea',
  textColor: '#374151',
  backgroundColor: '#ffffff',
  buttonShape: 'rounded',
  fieldBorderStyle: 'boxed',
  theme: 'modern',
  spacing: 'comfortable',
  borderRadius: 12,
  shadowLevel: 'subtle',
  gradientStyle: 'none',
  containerWidth: 'full',
  fieldSize: 'medium',
  buttonStyle: 'solid',
  trustElements: true,
  privacyText: DEFAULT_PRIVACY_TEXT,
} as const;

const colour = (what: string) => z.string({ error: `${what} must be a colour like #667eea` }).regex(/^#[0-9a-fA-F]{6}$/, { error: `${what} must be a colour like #667eea` }).transform((v) => v.toLowerCase());
const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) => z.enum(values, { error: `${what} must be one of: ${values.join(', ')}` });

/**
 * Styles as stored and as sent: every key optional (a missing one takes its default), unknown keys refused,
 * only the spec's values, colours as #rrggbb.
 */
export const formStylesSchema = z.strictObject(
    {
      font: oneOf(FONTS, 'Font').default(DEFAULT_STYLES.font),
      primaryColor: colour('Primary colour').default(DEFAULT_STYLES.primaryColor),
      textColor: colour('Text colour').default(DEFAULT_STYLES.textColor),
      backgroundColor: colour('Background colour').default(DEFAULT_STYLES.backgroundColor),
      buttonShape: oneOf(BUTTON_SHAPES, 'Button shape').default(DEFAULT_STYLES.buttonShape),
      fieldBorderStyle: oneOf(FIELD_BORDER_STYLES, 'Field border style').default(DEFAULT_STYLES.fieldBorderStyle),
      theme: oneOf(THEMES, 'Theme').default(DEFAULT_STYLES.theme),
      spacing: oneOf(SPACINGS, 'Spacing').default(DEFAULT_STYLES.spacing),
      borderRadius: z
        .number({ error: `Corner radius must be a whole number from 0 to ${MAX_BORDER_RADIUS}` })
        .int({ error: `Corner radius must be a whole number from 0 to ${MAX_BORDER_RADIUS}` })
        .min(0, { error: `Corner radius must be a whole number from 0 to ${MAX_BORDER_RADIUS}` })
        .max(MAX_BORDER_RADIUS, { error: `Corner radius must be a whole number from 0 to ${MAX_BORDER_RADIUS}` })
        .default(DEFAULT_STYLES.borderRadius),
      shadowLevel: oneOf(SHADOW_LEVELS, 'Shadow').default(DEFAULT_STYLES.shadowLevel),
      gradientStyle: oneOf(GRADIENT_STYLES, 'Gradient style').default(DEFAULT_STYLES.gradientStyle),
      containerWidth: oneOf(CONTAINER_WIDTHS, 'Container width').default(DEFAULT_STYLES.containerWidth),
      fieldSize: oneOf(FIELD_SIZES, 'Field size').default(DEFAULT_STYLES.fieldSize),
      buttonStyle: oneOf(BUTTON_STYLES, 'Button style').default(DEFAULT_STYLES.buttonStyle),
      trustElements: z.boolean({ error: 'Trust elements must be on or off' }).default(DEFAULT_STYLES.trustElements),
      privacyText: z
        .string({ error: 'Privacy text must be text' })
        .trim()
        .max(MAX_PRIVACY_TEXT, { error: `Privacy text must be at most ${MAX_PRIVACY_TEXT} characters` })
        .default(DEFAULT_STYLES.privacyText),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Styles contain an option that does not exist' : 'Styles must be an object') },
  );
export type FormStyles = z.output<typeof formStylesSchema>;

/** Stored styles (possibly older or partial) with the defaults filled in; anything unreadable falls back to the defaults. */
export function stylesOf(stored: unknown): FormStyles {
  const result = formStylesSchema.safeParse(stored ?? {});
  return result.success ? result.data : formStylesSchema.parse({});
}

const BUTTON_RADIUS = { rounded: '8px', 'slightly-rounded': '4px', sharp: '0px' } as const;
const WIDTH = { narrow: '320px', medium: '480px', wide: '640px', full: '100%' } as const;
const GAP = { compact: '10px', comfortable: '16px', spacious: '24px' } as const;
const PAD = { compact: '16px', comfortable: '24px', spacious: '36px' } as const;
const SHADOW = {
  none: 'none',
  subtle: '0 1px 3px rgba(0,0,0,.08), 0 1px 2px rgba(0,0,0,.04)',
  medium: '0 4px 12px rgba(0,0,0,.10)',
  strong: '0 12px 32px rgba(0,0,0,.18)',
} as const;
const FIELD_PAD = { small: '6px 10px', medium: '10px 12px', large: '14px 16px' } as const;
const FIELD_FONT = { small: '14px', medium: '15px', large: '17px' } as const;
const FONT_STACK: Record<(typeof FONTS)[number], string> = {
  Inter: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif',
  Roboto: 'Roboto, system-ui, -apple-system, "Segoe UI", sans-serif',
  Georgia: 'Georgia, "Times New Roman", serif',
  Arial: 'Arial, Helvetica, sans-serif',
  'Times New Roman': '"Times New Roman", Times, serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
};

const luminance = (hex: string) => {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
};
/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The CSS custom properties of a form: the spec's four (--rf-font, --rf-primary-color, --rf-text-color,
 * --rf-bg-color) and the rest of the design. Every value comes from the enumerations above or a checked
 * #rrggbb colour, so it is safe inside a style element.
 */
export function formCssVars(s: FormStyles): Record<string, string> {
  const background =
    s.gradientStyle === 'soft'
      ? `linear-gradient(180deg, ${s.backgroundColor} 0%, ${s.primaryColor}1f 100%)`
      : s.gradientStyle === 'diagonal'
        ? `linear-gradient(135deg, ${s.backgroundColor} 0%, ${s.primaryColor}29 100%)`
        : s.gradientStyle === 'radial'
          ? `radial-gradient(circle at top left, ${s.primaryColor}29 0%, ${s.backgroundColor} 60%)`
          : s.backgroundColor;
  const theme = {
    modern: { label: '600', title: '700', fieldBg: '#ffffff', border: '#d1d5db' },
    minimal: { label: '500', title: '600', fieldBg: 'transparent', border: '#e5e7eb' },
    classic: { label: '700', title: '700', fieldBg: '#fdfdfd', border: '#9ca3af' },
    vibrant: { label: '600', title: '800', fieldBg: '#ffffff', border: s.primaryColor },
  }[s.theme];
  return {
    '--rf-font': FONT_STACK[s.font],
    '--rf-primary-color': s.primaryColor,
    '--rf-text-color': s.textColor,
    '--rf-bg-color': s.backgroundColor,
    '--rf-bg': background,
    // The button's text is large (19px bold), so 3:1 is enough (WCAG 1.4.3): white when it reads, else near-black.
    '--rf-on-primary': contrast('#ffffff', s.primaryColor) >= 3 ? '#ffffff' : '#111827',
    '--rf-outline-text': contrast(s.primaryColor, s.backgroundColor) >= 3 ? s.primaryColor : s.textColor,
    '--rf-radius': `${s.borderRadius}px`,
    '--rf-button-radius': BUTTON_RADIUS[s.buttonShape],
    '--rf-width': WIDTH[s.containerWidth],
    '--rf-gap': GAP[s.spacing],
    '--rf-pad': PAD[s.spacing],
    '--rf-shadow': SHADOW[s.shadowLevel],
    '--rf-field-pad': FIELD_PAD[s.fieldSize],
    '--rf-field-font': FIELD_FONT[s.fieldSize],
    '--rf-field-bg': theme.fieldBg,
    '--rf-border-color': theme.border,
    '--rf-label-weight': theme.label,
    '--rf-title-weight': theme.title,
  };
}

/** Class names the page's CSS keys on (border style, button style, theme). */
export function formClassNames(s: FormStyles): string {
  return `rf-border-${s.fieldBorderStyle} rf-button-${s.buttonStyle} rf-theme-${s.theme}`;
}
