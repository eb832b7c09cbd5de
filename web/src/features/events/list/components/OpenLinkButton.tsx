/**
 * A button that opens another screen at `href`; absent when that screen is not built or the
 * route guard would refuse the user (useMayOpen).
 */
import { Button } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMayOpen } from '../../../../app/may-open';

export function OpenLinkButton({
  href,
  children,
  borderless = false,
}: {
  href: string;
  children: ReactNode;
  /** The look of a row action in a table. */
  borderless?: boolean;
}) {
  const mayOpen = useMayOpen();
  const navigate = useNavigate();
  if (!mayOpen(href)) return null;
  return (
    <Button
      size="small"
      {...(borderless ? { theme: 'borderless' } : {})}
      data-href={href}
      onClick={() => navigate(href)}
    >
      {children}
    </Button>
  );
}
