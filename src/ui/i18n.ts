import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { zh } from './locales/zh';
import type { Lang } from '../state/prefs';

export function initI18n(lang: Lang) {
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
    initImmediate: false,
  } as Parameters<typeof i18next.init>[0]);
  return i18next;
}
