import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { baseShade, colorsToTheme, type TColorMap } from './palette';

/** Screen breakpoints of spec 9 (600, 1024, 1440, 1920 px) as Mantine's sm..xl; xs marks small phones. */
export const breakpoints = {
  xs: '30em',
  sm: '37.5em',
  md: '64em',
  lg: '90em',
  xl: '120em',
} as const;

/** The Mantine theme made from the tenant's eight system colours. */
export const buildTheme = (colors: TColorMap): MantineThemeOverride =>
  createTheme({
    primaryColor: 'primary',
    primaryShade: { light: baseShade, dark: baseShade },
    colors: colorsToTheme(colors),
    autoContrast: true,
    breakpoints,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    // A user who asks their system for less motion gets no sliding or fading (reduced-motion.css stops the rest).
    respectReducedMotion: true,
    components: {
      Modal: { defaultProps: { centered: true, closeOnEscape: true, trapFocus: true } },
    },
  });
