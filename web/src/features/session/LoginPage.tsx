/**
 * /login (platform-core §2.1, §4, §5, §8): account and password (required, trimmed, Enter
 * logs in); the mobile variant (?loginType=h5) with remember-password; title size, background
 * and icon from system-info; single sign-on; -1305 → expired-password dialog then login
 * again; -1 → lock warning; a project user without a project → closable error and logout
 * after about 1 s; other codes → the server message.
 */

import { IconLock, IconUser } from '@douyinfe/semi-icons';
import { Banner, Button, Checkbox, Input, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { User } from '@eem/contract';
import { buildLoginPayload, isProjectBound, LOGIN_TITLE_SIZE } from '@eem/core';
import { PasswordExpiredError, type SessionAnswer, WrongCredentialsError } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useClient, useMutations } from '../../app/client';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { ExpiredPasswordDialog } from './ExpiredPasswordDialog';
import { readRemembered, writeRemembered } from './remember';
import { ssoActive, ssoAuthorizeUrl, takeSsoState } from './sso';
import { sessionTexts } from './texts';
import './login.css';

const NO_PROJECT_LOGOUT_MS = 1_000;

type Problem = { kind: 'lock'; msg: string } | { kind: 'error'; msg: string };

function clampTitleSize(size: number | undefined): number {
  const n = Number(size);
  if (!Number.isFinite(n)) return 28;
  return Math.min(LOGIN_TITLE_SIZE.max, Math.max(LOGIN_TITLE_SIZE.min, Math.round(n)));
}

function useFavicon(href: string | undefined) {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [href]);
}

export function LoginPage() {
  const session = useSession();
  const client = useClient();
  const mutations = useMutations();
  // Signing in changes no cached answer: the session store starts a fresh cache.
  const login = useMutation({
    mutationFn: ({ name, plain }: { name: string; plain: string }) =>
      client.login(name, plain, { client: 'web' }),
  });
  const mobileLogin = useMutation(mutations.session.mobileLogin({ invalidates: [] }));
  const ssoToken = useMutation(mutations.session.ssoToken({ invalidates: [] }));
  const ssoLogin = useMutation(mutations.session.ssoLogin({ invalidates: [] }));
  const t = useTexts(sessionTexts);
  const { language, setLanguage, switchable } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const mobile = params.get('loginType') === 'h5';
  const remembered = mobile ? readRemembered() : null;
  const [account, setAccount] = useState(remembered?.account ?? '');
  const [password, setPassword] = useState(remembered?.password ?? '');
  const [remember, setRemember] = useState(remembered !== null);
  const [touched, setTouched] = useState({ account: false, password: false });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [expiredFor, setExpiredFor] = useState<string | null>(null);
  const [ssoError, setSsoError] = useState<string | null>(null);
  const ssoStarted = useRef(false);
  const info = session.systemInfo;
  useFavicon(info?.login.project_logo_ico || undefined);

  const from = (location.state as { from?: unknown } | null)?.from;
  const afterLogin = typeof from === 'string' && from.startsWith('/') && from !== '/login' ? from : '/';

  /** Stores the session, or refuses a project user without a project (logout after ~1 s). */
  const finish = (answer: SessionAnswer) => {
    const user: User = answer.user;
    if (isProjectBound(user.usertype) && !user.projectId) {
      Toast.error({ content: t('noProject'), duration: 0, showClose: true, id: 'no-project' });
      setTimeout(() => void session.logout({ local: true }), NO_PROJECT_LOGOUT_MS);
      return;
    }
    session.signIn(answer.token, user);
    navigate(afterLogin, { replace: true });
  };

  const busy = login.isPending || mobileLogin.isPending || ssoToken.isPending || ssoLogin.isPending;

  const signIn = async (name: string, plain: string) => {
    setProblem(null);
    try {
      const answer = mobile
        ? await mobileLogin.mutateAsync({
            body: {
              ...buildLoginPayload(name, plain, 'wechat_app'),
              loginType: 1,
              client: 'wechat_app',
              url: Object.fromEntries(params.entries()),
            },
          })
        : await login.mutateAsync({ name, plain });
      if (mobile) writeRemembered(remember ? { account: name, password: plain } : null);
      finish(answer);
    } catch (error) {
      if (error instanceof PasswordExpiredError) {
        Toast.warning(t('passwordExpired'));
        setExpiredFor(name);
      } else if (error instanceof WrongCredentialsError) {
        setProblem({ kind: 'lock', msg: error.msg });
      } else {
        const msg = errorMessage(error);
        if (msg === t('noProject') || msg.includes('尚未关联项目')) {
          Toast.error({ content: msg, duration: 0, showClose: true, id: 'no-project' });
          setTimeout(() => void session.logout({ local: true }), NO_PROJECT_LOGOUT_MS);
        } else {
          setProblem({ kind: 'error', msg });
        }
      }
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ account: true, password: true });
    const name = account.trim();
    const plain = password.trim();
    if (!name || !plain) return;
    void signIn(name, plain);
  };

  // Single sign-on: exchange a returned code, or go to the authorize page.
  const code = params.get('code');
  const sso = ssoActive(info);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per code / system-info arrival
  useEffect(() => {
    if (!info || ssoStarted.current || session.status === 'signed-in') return;
    if (code) {
      ssoStarted.current = true;
      if (!takeSsoState(params.get('state'))) {
        setSsoError(t('ssoStateMismatch'));
        return;
      }
      void (async () => {
        try {
          const { access_token: token } = await ssoToken.mutateAsync({ query: { code } });
          finish(await ssoLogin.mutateAsync({ body: { token, timestamps: Date.now(), client: 'web' } }));
        } catch (error) {
          setSsoError(t('ssoFailed', { msg: errorMessage(error) }));
        }
      })();
    } else if (sso) {
      ssoStarted.current = true;
      window.location.assign(ssoAuthorizeUrl(info));
    }
  }, [info, code, sso]);

  if (session.status === 'signed-in') return <Navigate to={afterLogin} replace />;
  if (!info) {
    return (
      <div className="eem-full-center">
        <Spin size="large" />
      </div>
    );
  }

  const titleSize = clampTitleSize(info.login.login_logo_title_size);
  const background = info.login.login_background
    ? { backgroundImage: `url(${JSON.stringify(info.login.login_background)})` }
    : undefined;
  const accountError = touched.account && !account.trim() ? t('accountRequired') : '';
  const passwordError = touched.password && !password.trim() ? t('passwordRequired') : '';
  const ssoMode = sso || code !== null;

  return (
    <div
      className={`eem-login ${mobile ? 'eem-login-mobile' : ''}`}
      style={background}
      data-testid="login-page"
    >
      {switchable ? (
        <div className="eem-login-language" data-testid="login-language">
          <Button
            size="small"
            theme={language === 'zh' ? 'solid' : 'borderless'}
            onClick={() => setLanguage('zh')}
          >
            中文
          </Button>
          <Button
            size="small"
            theme={language === 'en' ? 'solid' : 'borderless'}
            onClick={() => setLanguage('en')}
          >
            English
          </Button>
        </div>
      ) : null}
      <div className="eem-login-card">
        <div className="eem-login-brand">
          {info.login.project_logo_ico ? (
            <img className="eem-login-icon" src={info.login.project_logo_ico} alt="" />
          ) : (
            <span className="eem-logo eem-login-icon">E</span>
          )}
          <h1 className="eem-login-title" style={{ fontSize: titleSize }} data-testid="login-title">
            {info.login.title || t('title')}
          </h1>
          <Typography.Text type="tertiary">{t('welcome')}</Typography.Text>
        </div>
        {ssoMode ? (
          <div className="eem-login-sso">
            {ssoError ? (
              <>
                <Banner type="danger" description={ssoError} closeIcon={null} data-testid="login-error" />
                <Button block theme="solid" onClick={() => window.location.assign(ssoAuthorizeUrl(info))}>
                  {t('login')}
                </Button>
              </>
            ) : (
              <Typography.Text>
                <Spin /> {code ? t('signingIn') : t('ssoRedirecting')}
              </Typography.Text>
            )}
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="eem-login-form">
            <label className="eem-login-label" htmlFor="login-account">
              {t('account')}
            </label>
            <Input
              id="login-account"
              name="account"
              size="large"
              prefix={<IconUser />}
              placeholder={t('accountPlaceholder')}
              autoComplete="username"
              value={account}
              validateStatus={accountError ? 'error' : 'default'}
              onChange={(v) => setAccount(v)}
              onBlur={() => setTouched((s) => ({ ...s, account: true }))}
            />
            <div className="eem-login-field-error" role="alert" data-testid="account-error">
              {accountError}
            </div>
            <label className="eem-login-label" htmlFor="login-password">
              {t('password')}
            </label>
            <Input
              id="login-password"
              name="password"
              size="large"
              mode="password"
              prefix={<IconLock />}
              placeholder={t('passwordPlaceholder')}
              autoComplete="current-password"
              value={password}
              validateStatus={passwordError ? 'error' : 'default'}
              onChange={(v) => setPassword(v)}
              onBlur={() => setTouched((s) => ({ ...s, password: true }))}
            />
            <div className="eem-login-field-error" role="alert" data-testid="password-error">
              {passwordError}
            </div>
            {mobile ? (
              <Checkbox checked={remember} onChange={(e) => setRemember(Boolean(e.target.checked))}>
                {t('rememberPassword')}
              </Checkbox>
            ) : null}
            {problem ? (
              <Banner
                className="eem-login-problem"
                type={problem.kind === 'lock' ? 'warning' : 'danger'}
                description={
                  problem.kind === 'lock' ? (
                    // The server's message over the lock warning, each on full width (a Banner
                    // title sits beside the text and wrapped one word per line).
                    <>
                      <strong className="eem-login-problem-title" data-testid="login-error-title">
                        {problem.msg}
                      </strong>
                      <span className="eem-login-problem-text">{t('lockWarning')}</span>
                    </>
                  ) : (
                    problem.msg
                  )
                }
                closeIcon={null}
                data-testid="login-error"
              />
            ) : null}
            <Button
              htmlType="submit"
              theme="solid"
              size="large"
              block
              loading={busy}
              className="eem-login-submit"
              data-testid="login-submit"
            >
              {t('login')}
            </Button>
          </form>
        )}
      </div>
      {expiredFor !== null ? (
        <ExpiredPasswordDialog
          account={expiredFor}
          onCancel={() => setExpiredFor(null)}
          onChanged={(name, newPassword) => {
            setExpiredFor(null);
            setAccount(name);
            setPassword(newPassword);
            void signIn(name, newPassword);
          }}
        />
      ) : null}
    </div>
  );
}
