import { BUSINESS_TYPES } from '../../../shared/constants';
import { BOOKING_TOOLS, SETUP_DATA_STEP, ZAPIER_PRODUCT } from '../../../shared/schemas/onboarding';

export type SetupProduct = {
  /** The booking tool /setup-{product} names (a BOOKING_TOOLS slug), if any. */
  toolSlug?: string;
  /** /setup-zapier: the data step opens on the Zapier instructions. */
  zapier: boolean;
  /** The step to open instead of the saved one (the data step for a tool or Zapier). */
  openAtStep?: number;
  /** A business type from the landing signup (/setup-cleaning): named in the welcome. */
  businessTypeLabel?: string;
};

/** What /setup-{product} means (docs/setup-guide.md). */
export function setupProduct(product: string | undefined, businessType: string | null | undefined): SetupProduct {
  const slug = product?.toLowerCase();
  const tool = BOOKING_TOOLS.find((t) => t.slug === slug && t.slug !== 'other');
  const zapier = slug === ZAPIER_PRODUCT;
  const type = BUSINESS_TYPES.find((t) => t.value === slug) ?? BUSINESS_TYPES.find((t) => t.value === businessType);
  return {
    toolSlug: tool?.slug,
    zapier,
    openAtStep: tool || zapier ? SETUP_DATA_STEP : undefined,
    businessTypeLabel: type && type.value !== 'other' ? type.label : undefined,
  };
}
