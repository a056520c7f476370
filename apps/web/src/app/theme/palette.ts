import type { MantineColorsTuple } from '@mantine/core';
import { defaultSystemColors, type TSystemColorKey } from '@prosa/contracts';

type TRgb = [number, number, number];

const parseHex = (hex: string): TRgb | null => {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const body = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(body.slice(i, i + 2), 16)) as TRgb;
};

const toHex = (rgb: TRgb): string =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const mix = (from: TRgb, to: TRgb, amount: number): TRgb =>
  from.map((v, i) => v + ((to[i] as number) - v) * amount) as TRgb;

const white: TRgb = [255, 255, 255];
const black: TRgb = [0, 0, 0];

/** Index of the tenant's exact colour inside the generated tuple (theme.primaryShade). */
export const baseShade = 6;

/** Ten shades around a hex colour, the exact colour at index 6 (Mantine needs a 10-shade tuple). */
export const generateShades = (hex: string): MantineColorsTuple => {
  const base = parseHex(hex) ?? (parseHex(defaultSystemColors.primary) as TRgb);
  const lighter = [0.9, 0.78, 0.64, 0.48, 0.32, 0.16].map((amount) => toHex(mix(base, white, amount)));
  const darker = [0.12, 0.24, 0.36].map((amount) => toHex(mix(base, black, amount)));
  return [...lighter, toHex(base), ...darker] as unknown as MantineColorsTuple;
};

export const isHexColor = (value: string): boolean => parseHex(value) !== null;

export type TColorMap = Record<TSystemColorKey, string>;

export const colorsToTheme = (colors: TColorMap): Record<TSystemColorKey, MantineColorsTuple> =>
  Object.fromEntries(Object.entries(colors).map(([key, hex]) => [key, generateShades(hex)])) as Record<
    TSystemColorKey,
    MantineColorsTuple
  >;
