/** The beginner guide's hint on a screen opened with ?newHand=<guide id> (platform-core §2.3). */
import { Banner } from '@douyinfe/semi-ui-19';
import { useSearchParams } from 'react-router-dom';

export function GuideBanner({ guide, text }: { guide: string; text: string }) {
  const [params] = useSearchParams();
  if (params.get('newHand') !== guide) return null;
  return <Banner type="info" description={text} data-testid="guide-banner" style={{ marginBottom: 12 }} />;
}
