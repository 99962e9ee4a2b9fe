import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../src/i18n/detectLanguage';
import { changeLanguage, i18n } from '../src/i18n/i18n';

describe('the language before login', () => {
  it('comes from the lang cookie first', () => {
    expect(detectLanguage('x=1; lang=fi', ['de-DE'])).toBe('fi');
  });

  it('then from the browser languages, by their primary part', () => {
    expect(detectLanguage('', ['pt-BR', 'nl-BE', 'de'])).toBe('nl');
  });

  it('falls back to English when nothing is supported', () => {
    expect(detectLanguage('lang=xx', ['pt-BR', 'ja'])).toBe('en');
  });

  it('loads a translation on demand and falls back to English for an unknown one', async () => {
    expect(await changeLanguage('hr')).toBe('hr');
    expect(i18n.t('menu.entries.logout')).toBe('Odjava');
    expect(await changeLanguage('klingon')).toBe('en');
    expect(i18n.t('menu.entries.logout')).toBe('Log out');
  });
});
