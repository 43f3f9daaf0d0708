import { useT } from '../i18n/use-t';
import { setLang, useLang, type Lang } from '../i18n/i18n';

const LANGS: readonly { lang: Lang; label: string }[] = [
  { lang: 'ja', label: '日本語' },
  { lang: 'en', label: 'English' },
];

/** Two buttons, each named in its own language so anyone finds theirs. */
export function LanguageSwitch() {
  const { t } = useT();
  const { lang } = useLang();
  return (
    <div className="lang-switch" role="group" aria-label={t('nav.language')}>
      {LANGS.map((l) => (
        <button
          key={l.lang}
          type="button"
          lang={l.lang}
          aria-pressed={lang === l.lang}
          onClick={() => void setLang(l.lang)}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}
