import { z } from 'zod';

/** Theme keys and their labels (SPEC.md section 9). `default` is the system theme. */
export const THEMES = {
  paytech: 'Theme 1',
  mastercard: 'Theme 2',
  lloyds: 'Theme 3',
  test: 'Theme 4',
  hsbc: 'Theme 5',
  default: 'System',
} as const;
export const ThemeKeySchema = z.enum(Object.keys(THEMES) as [keyof typeof THEMES]);
export type ThemeKey = z.infer<typeof ThemeKeySchema>;

/**
 * The five branding keys, one per issuer theme.
 * @public SPEC §9 vocabulary, for the screens still to build (knip keeps it).
 */
export const BRANDING_KEYS = [
  'PayTech',
  'McPayTech',
  'Lloyds',
  'Mastercard',
  'TestBranding',
] as const;

export const BrandingSchema = z.object({
  brandingId: z.uuid(),
  brandingKey: z.string(),
  theme: ThemeKeySchema,
  brandingDisplayName: z.string(),
  fullDomainName: z.string().nullable(),
  emailSenderAddress: z.string().nullable(),
  emailSenderName: z.string().nullable(),
});
export type Branding = z.infer<typeof BrandingSchema>;

export const PublicBrandingSchema = z.object({
  brandingKey: z.string(),
  theme: ThemeKeySchema,
  brandingDisplayName: z.string().optional(),
  issuerName: z.string().nullable().optional(),
});
export type PublicBranding = z.infer<typeof PublicBrandingSchema>;
