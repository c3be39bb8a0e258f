import { describe, expect, it } from 'vitest';
import { FORM_CSS } from './forms-page-css';
import { DEFAULT_STYLES, contrast, formClassNames, formCssVars, formStylesSchema, stylesOf } from './forms-styles';

describe('form styles', () => {
  it('the defaults are the spec’s (part 2 section 9)', () => {
    expect(formStylesSchema.parse({})).toEqual({
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
      privacyText: 'We respect your privacy and will never spam you.',
    });
  });

  it('the spec’s four CSS variables, and the sizes the spec gives', () => {
    const vars = formCssVars(stylesOf({ buttonShape: 'slightly-rounded', containerWidth: 'narrow' }));
    expect(vars['--rf-font']).toMatch(/^Inter,/);
    expect(vars['--rf-primary-color']).toBe('#667eea');
    expect(vars['--rf-text-color']).toBe('#374151');
    expect(vars['--rf-bg-color']).toBe('#ffffff');
    expect(vars['--rf-button-radius']).toBe('4px');
    expect(vars['--rf-width']).toBe('320px');
    expect(formCssVars(stylesOf({ buttonShape: 'sharp', containerWidth: 'wide' }))).toMatchObject({ '--rf-button-radius': '0px', '--rf-width': '640px' });
    for (const name of Object.keys(vars)) expect(FORM_CSS.includes(`var(${name})`) || name === '--rf-bg-color', name).toBe(true);
    expect(formClassNames(DEFAULT_STYLES as never)).toBe('rf-border-boxed rf-button-solid rf-theme-modern');
  });

  it('the button’s text reads on its colour (3:1 for its large bold text)', () => {
    expect(formCssVars(stylesOf({}))['--rf-on-primary']).toBe('#ffffff');
    expect(formCssVars(stylesOf({ primaryColor: '#fde047' }))['--rf-on-primary']).toBe('#111827');
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 0);
    // An outline button on a background too close to the primary colour uses the text colour.
    expect(formCssVars(stylesOf({ primaryColor: '#fafafa' }))['--rf-outline-text']).toBe('#374151');
  });

  it('stored styles that no longer parse fall back to the defaults', () => {
    expect(stylesOf({ font: 'Comic Sans' })).toEqual(formStylesSchema.parse({}));
    expect(stylesOf(null)).toEqual(formStylesSchema.parse({}));
  });
});
