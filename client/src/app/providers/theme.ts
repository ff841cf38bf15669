// Chakra UI v3 design system: the default theme plus the CampoBase green ("campo": the pitch).
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const fontStack = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle', color: 'fg' },
    // Who asks the system for less motion gets dialogs, drawers, menus and toasts without their slide and fade
    // (WCAG 2.3.3); an animation still runs for an instant, so what waits for its end still gets it.
    '*, *::before, *::after': {
      '@media (prefers-reduced-motion: reduce)': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: fontStack }, body: { value: fontStack } },
      colors: {
        brand: {
          50: { value: '#f0fdf4' },
          100: { value: '#dcfce7' },
          200: { value: '#bbf7d0' },
          300: { value: '#86efac' },
          400: { value: '#4ade80' },
          500: { value: '#22c55e' },
          600: { value: '#16a34a' },
          700: { value: '#15803d' },
          800: { value: '#166534' },
          900: { value: '#14532d' },
          950: { value: '#052e16' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Text contrast (WCAG AA 4.5:1, checked by axe in tests/e2e/accessibility.test.ts): Chakra's defaults put
        // red.500 error texts and white on green.600, orange.600, teal.600 and cyan.600 (solid badges), all below it.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.800}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
