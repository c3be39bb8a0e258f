// The embed form's stylesheet, scoped under .rf: the public page inlines it and the builder's live preview
// renders the same markup with it, so the preview is the page. Values come from the custom properties of
// formCssVars() (forms-styles.ts); the spec's four are --rf-font, --rf-primary-color, --rf-text-color, --rf-bg-color.

export const FORM_CSS = `
.rf{font-family:var(--rf-font);color:var(--rf-text-color);box-sizing:border-box;width:100%;max-width:var(--rf-width);margin:0 auto;line-height:1.5}
.rf *,.rf *::before,.rf *::after{box-sizing:inherit}
.rf-card{background:var(--rf-bg);border-radius:var(--rf-radius);box-shadow:var(--rf-shadow);padding:var(--rf-pad);display:flex;flex-direction:column;gap:var(--rf-gap)}
.rf-theme-classic .rf-card{border:1px solid var(--rf-border-color)}
.rf-theme-vibrant .rf-card{border-top:6px solid var(--rf-primary-color)}
.rf-theme-minimal .rf-card{box-shadow:none}
.rf h1,.rf .rf-title{margin:0;font-size:1.35em;font-weight:var(--rf-title-weight);line-height:1.25;overflow-wrap:anywhere}
.rf-theme-vibrant h1,.rf-theme-vibrant .rf-title{color:var(--rf-primary-color)}
.rf-desc{margin:-4px 0 0;opacity:.85;overflow-wrap:anywhere;white-space:pre-line}
.rf-field{display:flex;flex-direction:column;gap:6px}
.rf-field>label{font-weight:var(--rf-label-weight);font-size:.95em;overflow-wrap:anywhere}
.rf-req{color:#b91c1c;margin-left:2px}
.rf input[type=text],.rf input[type=email],.rf input[type=tel],.rf textarea,.rf select{font:inherit;font-size:var(--rf-field-font);color:inherit;width:100%;padding:var(--rf-field-pad);background:var(--rf-field-bg);border:1px solid var(--rf-border-color);border-radius:var(--rf-button-radius);outline:none}
.rf textarea{min-height:96px;resize:vertical}
.rf-border-underline input[type=text],.rf-border-underline input[type=email],.rf-border-underline input[type=tel],.rf-border-underline textarea,.rf-border-underline select{border-width:0 0 2px;border-radius:0;background:transparent;padding-left:2px;padding-right:2px}
.rf-border-none input[type=text],.rf-border-none input[type=email],.rf-border-none input[type=tel],.rf-border-none textarea,.rf-border-none select{border-color:transparent;background:rgba(0,0,0,.05)}
.rf input:focus-visible,.rf textarea:focus-visible,.rf select:focus-visible,.rf button:focus-visible{outline:2px solid var(--rf-primary-color);outline-offset:2px}
.rf [aria-invalid=true]{border-color:#b91c1c}
.rf-check{display:flex;gap:10px;align-items:flex-start}
.rf-check input{width:18px;height:18px;margin:3px 0 0;flex:none;accent-color:var(--rf-primary-color)}
.rf-check label{font-size:.95em;overflow-wrap:anywhere}
.rf-compliance{display:block;margin-top:4px;font-size:.85em;opacity:.8}
.rf-error{margin:0;color:#b91c1c;font-size:.875em}
.rf-alert{margin:0;padding:10px 12px;border-radius:6px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca;font-size:.95em}
.rf-button{font:inherit;font-weight:700;font-size:19px;line-height:1.2;padding:var(--rf-field-pad);padding-top:12px;padding-bottom:12px;border-radius:var(--rf-button-radius);cursor:pointer;border:2px solid var(--rf-primary-color);background:var(--rf-primary-color);color:var(--rf-on-primary);width:100%}
.rf-button-outline .rf-button{background:transparent;color:var(--rf-outline-text)}
.rf-button-gradient .rf-button{border-color:transparent;background:linear-gradient(135deg,var(--rf-primary-color),var(--rf-primary-color) 40%,#764ba2)}
.rf-trust{display:flex;gap:6px;align-items:flex-start;margin:0;font-size:.85em;opacity:.8}
.rf-trust svg{flex:none;margin-top:2px}
.rf-privacy{margin:0;font-size:.85em;opacity:.8}
.rf-hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.rf-done{text-align:center}
.rf-link{color:var(--rf-outline-text);font-weight:600;text-decoration:underline}
`;
