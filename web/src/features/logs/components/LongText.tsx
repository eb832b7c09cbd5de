/**
 * Log text: over 60 characters it is highlighted and shortened, with a toggle to read it
 * whole (platform-core §9).
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTexts } from '../../../i18n/texts';
import { logTexts } from '../texts';

export const LONG_TEXT_LIMIT = 60;

export function LongText({ text }: { text: string }) {
  const t = useTexts(logTexts);
  const [open, setOpen] = useState(false);
  if (!text) return <span>--</span>;
  const chars = [...text];
  if (chars.length <= LONG_TEXT_LIMIT) return <span>{text}</span>;
  return (
    <span className="eem-long-text" data-long="true">
      <mark
        style={{ background: 'var(--semi-color-warning-light-default)', color: 'inherit', padding: '0 2px' }}
      >
        {open ? text : `${chars.slice(0, LONG_TEXT_LIMIT).join('')}…`}
      </mark>{' '}
      <Typography.Text link onClick={() => setOpen(!open)}>
        {open ? t('less') : t('more')}
      </Typography.Text>
    </span>
  );
}
