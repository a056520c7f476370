import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredUser } from '../session/storage';
import { en } from './locales/en';
import { ptBR } from './locales/pt-br';

export const languages = ['pt-BR', 'en'] as const;
export type TLanguage = (typeof languages)[number];

export const isLanguage = (value: unknown): value is TLanguage =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

const initialLanguage = (): TLanguage => {
  try {
    const stored = getStoredUser()?.configs?.language;
    return isLanguage(stored) ? stored : 'pt-BR';
  } catch {
    return 'pt-BR';
  }
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'pt-BR': { translation: ptBR }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'pt-BR',
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/*
 * NOTE: CLDR gives Brazilian Portuguese the singular for zero ("0 conexão"); Brazilians write the plural
 * ("0 conexões"). The European rules (one only for 1) say what pt-BR text means, for every key at once.
 */
const pluralResolver = i18n.services.pluralResolver as {
  getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
};
const getRule = pluralResolver.getRule.bind(pluralResolver);
pluralResolver.getRule = (code, options) => getRule(code === 'pt-BR' ? 'pt-PT' : code, options);

export const setLanguage = async (language: TLanguage): Promise<void> => {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
};
