/**
 * The problems a failed node import names, readable: the count of bad rows (taskSummary) and
 * the first rows the server lists (taskProblems), one a line. The wizard and the pipe-network
 * import dialog both show it; the error report has every row.
 */
import { List, Typography } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../../i18n/texts';
import { nodeTexts } from '../texts';
import { taskProblems, taskSummary } from './node-import';

export function ImportProblems({ message }: { message: string | undefined }) {
  const t = useTexts(nodeTexts);
  const problems = taskProblems(message);
  const summary = taskSummary(message);
  return (
    <>
      {summary && (
        <Typography.Text type="danger" data-testid="problem-summary">
          {summary}
        </Typography.Text>
      )}
      {problems.length > 0 && (
        <List
          header={<Typography.Text strong>{t('problems')}</Typography.Text>}
          size="small"
          bordered
          style={{ width: '100%' }}
          dataSource={problems}
          renderItem={(item) => (
            <List.Item>
              <Typography.Text type="danger">{item}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
