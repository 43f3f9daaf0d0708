import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';
import { ApiError } from '../api/http';
import { useSession } from '../api/session';
import { TextField } from '../components/form';
import { ErrorNotice } from '../components/status';
import { navigate } from '../router';
import { PASSWORD_RULES } from '../../../src/core/password-rules.js';

/** Sign-in for staff; an account with a one-time password chooses its own before going on. */
export function SignIn({ next }: { next: string }) {
  const { t } = useT();
  const { account, login, changePassword } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const mustChange = !!account?.mustChangePassword;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mustChange) {
        await changePassword(password, newPassword);
        navigate(next, { replace: true });
      } else {
        await login(username.trim(), password);
      }
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  if (account && !mustChange) {
    return (
      <section className="narrow">
        <h1>{t('signIn.title')}</h1>
        <p>{t('signIn.signedInAs', { name: account.displayName })}</p>
        <button type="button" className="button button-primary" onClick={() => navigate(next, { replace: true })}>
          {t('action.continue')}
        </button>
      </section>
    );
  }

  return (
    <section className="narrow">
      <h1>{mustChange ? t('signIn.changeTitle') : t('signIn.title')}</h1>
      {mustChange && <p>{t('signIn.changeExplain')}</p>}
      <form onSubmit={submit} className="stack">
        {!mustChange && (
          <TextField
            label={t('signIn.username')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            autoFocus
          />
        )}
        <TextField
          label={mustChange ? t('signIn.currentPassword') : t('signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {mustChange && (
          <TextField
            label={t('signIn.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_RULES.minLength}
            maxLength={PASSWORD_RULES.maxLength}
            hint={t('signIn.newPasswordHint', { min: PASSWORD_RULES.minLength })}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            required
          />
        )}
        {error !== null && <ErrorNotice error={error instanceof ApiError ? error : error} />}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('status.working') : mustChange ? t('signIn.changeSubmit') : t('signIn.submit')}
        </button>
      </form>
    </section>
  );
}
