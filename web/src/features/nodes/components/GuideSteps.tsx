/**
 * The beginner guide on a screen opened with ?t=…&newHand=<guide id> (platform-core §2.3): the
 * steps of the guide with the one the user is at highlighted (the screen derives it from its
 * own state), finished ones ticked; the user may hide it.
 */
import { Banner, Button, Steps, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTexts } from '../../../i18n/texts';
import { nodeTexts } from '../texts';

export interface GuideStepsProps {
  /** The guide id of ?newHand that shows it. */
  guide: string;
  /** What the guide is about, above the steps. */
  intro: string;
  steps: readonly string[];
  /** The step the user is at (steps.length: all done). */
  current: number;
}

export function GuideSteps({ guide, intro, steps, current }: GuideStepsProps) {
  const t = useTexts(nodeTexts);
  const [params] = useSearchParams();
  const [hidden, setHidden] = useState(false);
  if (hidden || params.get('newHand') !== guide) return null;
  const done = current >= steps.length;
  return (
    <Banner
      type="info"
      fullMode={false}
      closeIcon={null}
      title={t('guideTitle')}
      data-testid="guide-banner"
      style={{ marginBottom: 12 }}
      description={
        <div>
          <Typography.Paragraph>{intro}</Typography.Paragraph>
          <Steps
            type="basic"
            size="small"
            current={Math.min(current, steps.length)}
            style={{ margin: '12px 0' }}
          >
            {steps.map((title, i) => (
              <Steps.Step
                key={title}
                title={title}
                status={i < current ? 'finish' : i === current ? 'process' : 'wait'}
              />
            ))}
          </Steps>
          {done && <Typography.Text type="success">{t('guideDone')}</Typography.Text>}
          <div>
            <Button size="small" theme="borderless" onClick={() => setHidden(true)}>
              {t('guideDismiss')}
            </Button>
          </div>
        </div>
      }
    />
  );
}
