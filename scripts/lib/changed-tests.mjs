// `npm run test:changed`: which browser specs a change touches. The vitest side is vitest's own `--changed`
// (the test files whose imports reach a changed file); browser specs import no app code, so they are mapped by
// the web feature folder whose screens they walk. scripts/lib/changed-tests.test.ts checks that every folder
// of src/web/features has an entry and every spec named here exists.

/** src/web/features/<folder> -> the specs (tests/e2e/<name>.spec.ts) that walk its screens. */
export const SPECS_BY_WEB_FEATURE = {
  accounts: ['landing-signup', 'login-logout', 'password-reset', 'first-use'],
  activity: ['activity-dashboard', 'activity-referrals'],
  business: ['settings'],
  clients: ['clients-dashboard', 'clients-failures', 'client-search-capped'],
  forms: ['forms'],
  imports: ['data-sources', 'data-sources-failures'],
  insights: ['insights'],
  leads: ['leads'],
  onboarding: ['setup-guide'],
  referrals: ['referral-tracker'],
  'referrals-public': ['public-referral', 'referral-loop'],
  sms: ['sms-management', 'sms-bulk', 'sms-automations', 'sms-registration', 'sms-consent-marks', 'sms-failures'],
};

/**
 * The browser specs for a list of changed files (paths relative to the repository): changed specs themselves,
 * and the specs of each changed web feature folder. `wide` is true when shared web code changed (components,
 * lib, the app shell, the e2e support helpers): then every spec may be touched.
 * @param {string[]} changed
 * @returns {{ specs: string[], wide: boolean }}
 */
export function browserSpecsFor(changed) {
  const specs = new Set();
  let wide = false;
  for (const file of changed) {
    const spec = /^tests\/e2e\/([^/]+)\.spec\.ts$/.exec(file);
    const feature = /^src\/web\/features\/([^/]+)\//.exec(file);
    if (spec) specs.add(spec[1]);
    else if (feature) for (const s of SPECS_BY_WEB_FEATURE[/** @type {keyof typeof SPECS_BY_WEB_FEATURE} */ (feature[1])] ?? []) specs.add(s);
    else if (/^(src\/web\/|tests\/e2e\/support\/)/.test(file) || file === 'playwright.config.ts') wide = true;
  }
  return { specs: [...specs].sort().map((s) => `tests/e2e/${s}.spec.ts`), wide };
}
