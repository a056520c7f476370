import { useEffect } from 'react';
import { useBranding, useSystemColors } from '../../modules/appearance/api/appearance-api';
import { useSessionStore } from '../session/session-store';
import { applyBranding, applySystemColors, parseSystemColors } from './appearance-store';

/** Keeps the theme and branding in step with the server: public values before login, the tenant's after. */
export const AppearanceSync = () => {
  const loggedIn = useSessionStore((state) => Boolean(state.token));
  const colors = useSystemColors(loggedIn);
  const branding = useBranding(loggedIn);

  useEffect(() => {
    const parsed = colors.data ? parseSystemColors(colors.data) : null;
    if (parsed) applySystemColors(parsed);
  }, [colors.data]);

  useEffect(() => {
    if (branding.data) applyBranding(branding.data);
  }, [branding.data]);

  return null;
};
