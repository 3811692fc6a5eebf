import type { ThemeKey } from '@b2b/contract';
import type { BrandTokens } from './brand';

/** What tells one issuer theme from another; everything else comes from the shared primitives. */
export type ThemeDefinition = {
  primary: string;
  secondary: string;
  background: string;
  fontFamily: string;
  borderRadius: number;
  brand: Omit<BrandTokens, 'printable'>;
};

const trustNote = (issuer: string) =>
  `${issuer} will never ask for your password by e-mail, text message or phone.`;

// Primary colours keep at least 4.5:1 contrast with white text (buttons, app bar).
export const THEME_DEFINITIONS: Record<ThemeKey, ThemeDefinition> = {
  default: {
    primary: '#1f4e79',
    secondary: '#00796b',
    background: '#f4f6f8',
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    borderRadius: 6,
    brand: {
      logoText: 'B2B Analytics',
      mark: [
        { d: 'M3 13h4v8H3z', fill: '#1f4e79' },
        { d: 'M10 8h4v13h-4z', fill: '#00796b' },
        { d: 'M17 3h4v18h-4z', fill: '#1f4e79' },
      ],
      loginBackground: 'linear-gradient(135deg, #0f2a44 0%, #1f4e79 55%, #3a7bd5 100%)',
    },
  },
  paytech: {
    primary: '#5b2c83',
    secondary: '#b35200',
    background: '#f7f4fb',
    fontFamily: '"Trebuchet MS", "Lucida Grande", "Lucida Sans Unicode", sans-serif',
    borderRadius: 12,
    brand: {
      logoText: 'PayTech',
      mark: [
        { d: 'M12 2l10 10-10 10L2 12z', fill: '#5b2c83' },
        { d: 'M12 7l5 5-5 5-5-5z', fill: '#f28c28' },
      ],
      loginBackground: 'linear-gradient(135deg, #2e1047 0%, #5b2c83 60%, #f28c28 100%)',
      trustNote: trustNote('PayTech'),
    },
  },
  mastercard: {
    primary: '#c8001a',
    secondary: '#9a5b00',
    background: '#fbf7f2',
    fontFamily: '"Helvetica Neue", Helvetica, Arial, sans-serif',
    borderRadius: 8,
    brand: {
      logoText: 'Mastercard',
      mark: [
        { d: 'M9 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14z', fill: '#eb001b' },
        { d: 'M15 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14z', fill: '#f79e1bcc' },
      ],
      loginBackground: 'linear-gradient(135deg, #1a1a1a 0%, #c8001a 60%, #f79e1b 100%)',
      trustNote: trustNote('Mastercard'),
    },
  },
  lloyds: {
    primary: '#006a4d',
    secondary: '#024731',
    background: '#f2f7f5',
    fontFamily: 'Georgia, "Times New Roman", Times, serif',
    borderRadius: 2,
    brand: {
      logoText: 'Lloyds',
      mark: [
        { d: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z', fill: '#006a4d' },
        { d: 'M12 6l4 1.5V11c0 2.8-1.7 5.3-4 6.4z', fill: '#11b67a' },
      ],
      loginBackground: 'linear-gradient(160deg, #002e21 0%, #006a4d 60%, #11b67a 100%)',
      trustNote: trustNote('Lloyds'),
    },
  },
  test: {
    primary: '#455a64',
    secondary: '#7b1fa2',
    background: '#fafafa',
    fontFamily: 'Verdana, Geneva, Tahoma, sans-serif',
    borderRadius: 0,
    brand: {
      logoText: 'Test Branding',
      mark: [
        { d: 'M3 3h18v18H3z', fill: '#455a64' },
        { d: 'M8 8h8v8H8z', fill: '#ce93d8' },
      ],
      loginBackground: 'repeating-linear-gradient(45deg, #263238 0 24px, #37474f 24px 48px)',
      trustNote: trustNote('Test Branding'),
    },
  },
  hsbc: {
    primary: '#db0011',
    secondary: '#333333',
    background: '#f5f5f5',
    fontFamily: 'Arial, "Helvetica Neue", Helvetica, sans-serif',
    borderRadius: 0,
    brand: {
      logoText: 'HSBC',
      mark: [
        { d: 'M2 12l5-7v14z', fill: '#db0011' },
        { d: 'M22 12l-5 7V5z', fill: '#db0011' },
        { d: 'M7 5h10l-5 7z', fill: '#333333' },
        { d: 'M7 19h10l-5-7z', fill: '#333333' },
      ],
      loginBackground: 'linear-gradient(135deg, #000000 0%, #4d4d4d 55%, #db0011 100%)',
      trustNote: trustNote('HSBC'),
    },
  },
};
