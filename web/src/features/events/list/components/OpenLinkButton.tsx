/** A button that opens another screen at `href` (or says it is not available yet). */
import { Button } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useOpenLink } from './use-open-link';

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
  const openLink = useOpenLink();
  return (
    <Button
      size="small"
      {...(borderless ? { theme: 'borderless' } : {})}
      data-href={href}
      onClick={() => openLink(href)}
    >
      {children}
    </Button>
  );
}
