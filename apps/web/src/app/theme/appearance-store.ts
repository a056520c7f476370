import {
  defaultSystemColors,
  readSystemColorList,
  type TBranding,
  type TSystemColor,
  toSystemColorList,
} from '@prosa/contracts';
import { create } from 'zustand';
import { readStoredJson, storageKeys, writeStoredJson } from '../session/storage';
import type { TColorMap } from './palette';

export const defaultAppName = 'Prosa';

export type TAppearanceState = {
  colors: TColorMap;
  branding: TBranding;
};

/**
 * Colours as the server sends them, checked as ZSystemColors checks them (without zod, which the login screen
 * does not load); anything malformed falls back to the defaults.
 */
export const parseSystemColors = (list: unknown): TColorMap | null => readSystemColorList(list);

const initialColors = (): TColorMap =>
  parseSystemColors(readStoredJson(storageKeys.storedColors)) ?? { ...defaultSystemColors };

export const useAppearanceStore = create<TAppearanceState>(() => ({
  colors: initialColors(),
  branding: { appName: defaultAppName, logo: null },
}));

/** Apply the tenant's colours to the theme and remember them in localStorage ('storedColors'). */
export const applySystemColors = (colors: TColorMap): void => {
  writeStoredJson(storageKeys.storedColors, toSystemColorList(colors) satisfies TSystemColor[]);
  useAppearanceStore.setState({ colors });
};

export const applyBranding = (branding: TBranding): void => {
  useAppearanceStore.setState({ branding: { appName: branding.appName || defaultAppName, logo: branding.logo } });
  document.title = branding.appName || defaultAppName;
};
