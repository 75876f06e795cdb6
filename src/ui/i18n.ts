import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import type { Lang } from '../state/prefs';

// English is the fallback and ships with the app; Chinese loads when it is the language shown (issue 16: the other
// language's texts load on demand).
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<typeof en>> = {
  zh: () => import('./locales/zh').then((m) => m.zh),
};

async function ensureStrings(lang: Lang): Promise<void> {
  if (lang === 'en' || i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', await loaders[lang]());
}

/** Resolves once the language's strings are in (at once for English): render after it, so no English flashes first. */
export function initI18n(lang: Lang): Promise<void> {
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    // the defaults, said: keys given explicitly are never taken for natural-language text, so t() skips that test
    // (a regular expression built per call; ~0.05 ms a call before the JIT has warmed up, on a page's first render)
    keySeparator: '.',
    nsSeparator: ':',
  } as Parameters<typeof i18next.init>[0]);
  return setLanguage(lang);
}

/** Switches the UI's language, loading its strings first. */
export async function setLanguage(lang: Lang): Promise<void> {
  await ensureStrings(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}
