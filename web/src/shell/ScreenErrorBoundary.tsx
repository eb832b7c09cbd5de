/**
 * Catches a screen that failed to load or to render (e.g. its code is gone after a new
 * deployment, or the 120 s chunk time-out of app/chunk-timeout.ts passed) and offers a reload
 * (the retry: a rejected lazy import stays rejected until the page loads again) instead of a
 * blank page.
 */
import { IconAlertTriangle } from '@douyinfe/semi-icons';
import { Button, Empty } from '@douyinfe/semi-ui-19';
import { Component, type ReactNode } from 'react';
import { ChunkTimeoutError } from '../app/chunk-timeout';
import { getCurrentLanguage } from '../i18n/language';
import { translate } from '../i18n/texts';
import { shellTexts } from './texts';

interface State {
  error: Error | null;
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const language = getCurrentLanguage();
    const { error } = this.state;
    const description =
      error instanceof ChunkTimeoutError
        ? translate(shellTexts, language, 'screenTimedOut', { seconds: Math.round(error.timeoutMs / 1000) })
        : error.message;
    return (
      <div className="eem-full-center" data-testid="screen-error">
        <Empty
          image={<IconAlertTriangle style={{ fontSize: 64, color: 'var(--semi-color-danger)' }} />}
          title={translate(shellTexts, language, 'screenFailed')}
          description={description}
        >
          <Button theme="solid" onClick={() => window.location.reload()}>
            {translate(shellTexts, language, 'reload')}
          </Button>
        </Empty>
      </div>
    );
  }
}
