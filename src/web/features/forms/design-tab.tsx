import {
  BUTTON_SHAPES,
  BUTTON_STYLES,
  CONTAINER_WIDTHS,
  CONTAINER_WIDTH_LABELS,
  FIELD_BORDER_STYLES,
  FIELD_SIZES,
  FONTS,
  GRADIENT_STYLES,
  MAX_BORDER_RADIUS,
  MAX_PRIVACY_TEXT,
  SHADOW_LEVELS,
  SPACINGS,
  STYLE_LABELS,
  THEMES,
  type FormStyles,
} from '../../../shared/schemas/forms-styles';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';

type Props = { styles: FormStyles; onChange: (patch: Partial<FormStyles>) => void };

function Choice<K extends keyof FormStyles>({ name, label, values, styles, onChange, labels }: {
  name: K;
  label: string;
  values: readonly string[];
  styles: FormStyles;
  onChange: Props['onChange'];
  labels?: Record<string, string>;
}) {
  const id = `style-${String(name)}`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={String(styles[name])} onValueChange={(v) => onChange({ [name]: v } as Partial<FormStyles>)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {values.map((v) => (
            <SelectItem key={v} value={v}>
              {labels?.[v] ?? STYLE_LABELS[v] ?? v}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function Colour({ name, label, styles, onChange }: { name: 'primaryColor' | 'textColor' | 'backgroundColor'; label: string; styles: FormStyles; onChange: Props['onChange'] }) {
  const id = `style-${name}`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={styles[name]}
          onChange={(e) => onChange({ [name]: e.target.value.toLowerCase() })}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <span className="font-mono text-sm text-slate-700" aria-hidden="true">
          {styles[name]}
        </span>
      </div>
    </div>
  );
}

/** Design & Style: every option and default of spec part 2 section 9. */
export function DesignTab({ styles, onChange }: Props) {
  const common = { styles, onChange };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Choice name="font" label="Font" values={FONTS} labels={Object.fromEntries(FONTS.map((f) => [f, f]))} {...common} />
      <Choice name="theme" label="Theme" values={THEMES} {...common} />
      <Colour name="primaryColor" label="Primary colour" {...common} />
      <Colour name="textColor" label="Text colour" {...common} />
      <Colour name="backgroundColor" label="Background colour" {...common} />
      <Choice name="gradientStyle" label="Background gradient" values={GRADIENT_STYLES} {...common} />
      <Choice name="buttonShape" label="Button shape" values={BUTTON_SHAPES} {...common} />
      <Choice name="buttonStyle" label="Button style" values={BUTTON_STYLES} {...common} />
      <Choice name="fieldBorderStyle" label="Field border style" values={FIELD_BORDER_STYLES} {...common} />
      <Choice name="fieldSize" label="Field size" values={FIELD_SIZES} {...common} />
      <Choice name="spacing" label="Spacing" values={SPACINGS} {...common} />
      <Choice name="shadowLevel" label="Shadow" values={SHADOW_LEVELS} {...common} />
      <Choice name="containerWidth" label="Container width" values={CONTAINER_WIDTHS} labels={CONTAINER_WIDTH_LABELS} {...common} />
      <div className="space-y-1.5">
        <Label htmlFor="style-borderRadius">Corner radius (px)</Label>
        <Input
          id="style-borderRadius"
          type="number"
          min={0}
          max={MAX_BORDER_RADIUS}
          step={1}
          value={styles.borderRadius}
          onChange={(e) => onChange({ borderRadius: Math.max(0, Math.min(MAX_BORDER_RADIUS, Math.round(Number(e.target.value) || 0))) })}
        />
      </div>
      <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2">
        <Checkbox id="style-trustElements" checked={styles.trustElements} onCheckedChange={(v) => onChange({ trustElements: v === true })} className="mt-0.5" />
        <div>
          <Label htmlFor="style-trustElements">Trust elements</Label>
          <p className="mt-1 text-sm text-slate-500">A lock and &quot;Secure form.&quot; beside your privacy text, under the button.</p>
        </div>
      </div>
      <div className="space-y-1.5 sm:col-span-2">
        <Label htmlFor="style-privacyText">Privacy text</Label>
        <Textarea id="style-privacyText" rows={2} maxLength={MAX_PRIVACY_TEXT} value={styles.privacyText} onChange={(e) => onChange({ privacyText: e.target.value })} />
      </div>
    </div>
  );
}
