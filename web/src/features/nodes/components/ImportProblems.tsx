/**
 * The problems of a failed node import, every one: nodes.importProblems (the error report as
 * data) in a paged table of sheet, row and messages, with the count of bad rows ('N of M rows
 * have errors') and a note when the server listed only the first problems. Only when that call
 * fails (or there is no task: a refused upload) are the problems read out of the task's
 * message (its first few rows, taskProblems). The wizard and the pipe-network and topology
 * import dialogs show it; the error report (the workbook with an error column) stays offered
 * beside it.
 */
import { List, Spin, Table, Typography } from '@douyinfe/semi-ui-19';
import type { Catalogue, EndpointData } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../../app/client';
import { useTexts } from '../../../i18n/texts';
import { nodeTexts } from '../texts';
import { taskProblems, taskSummary } from './node-import';

type ProblemList = EndpointData<Catalogue['nodes']['importProblems']>;
type Problem = ProblemList['problems'][number];

/** Rows of the table per page. */
export const PROBLEM_PAGE_SIZE = 10;

export interface ImportProblemsProps {
  /** The failed task (absent when the upload itself was refused). */
  taskId: number | undefined;
  /** The task's message: the fallback when the list cannot be read. */
  message: string | undefined;
}

export function ImportProblems({ taskId, message }: ImportProblemsProps) {
  const queries = useQueries();
  const list = useQuery({
    ...queries.nodes.importProblems({ query: { taskId: taskId ?? 0 } }),
    enabled: taskId !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (taskId !== undefined && list.isPending) return <Spin />;
  if (list.data && list.data.problems.length > 0) return <ProblemTable list={list.data} />;
  return <MessageProblems message={message} />;
}

function ProblemTable({ list }: { list: ProblemList }) {
  const t = useTexts(nodeTexts);
  const rows = list.problems.map((p, i) => ({ ...p, key: `${i}` }));
  return (
    <div style={{ width: '100%' }} data-testid="problem-table">
      <Typography.Text type="danger" data-testid="problem-summary">
        {t('problemCount', { rows: list.rows, total: list.total })}
      </Typography.Text>
      {list.truncated && (
        <Typography.Paragraph type="warning" data-testid="problems-truncated">
          {t('problemsTruncated', { count: list.problems.length })}
        </Typography.Paragraph>
      )}
      <Table<Problem & { key: string }>
        size="small"
        style={{ marginTop: 8 }}
        dataSource={rows}
        rowKey="key"
        pagination={
          rows.length > PROBLEM_PAGE_SIZE ? { pageSize: PROBLEM_PAGE_SIZE, showSizeChanger: false } : false
        }
        columns={[
          {
            title: t('problemSheet'),
            dataIndex: 'sheet',
            width: 180,
            render: (_: unknown, p: Problem) => p.sheet || t('wholeWorkbook'),
          },
          {
            title: t('problemRow'),
            dataIndex: 'row',
            width: 90,
            render: (_: unknown, p: Problem) => (p.row > 0 ? p.row : t('wholeSheet')),
          },
          {
            title: t('problemMessages'),
            dataIndex: 'messages',
            render: (_: unknown, p: Problem) => (
              <Typography.Text type="danger">{p.messages.join('; ')}</Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}

/** The fallback: the count and the first rows the task's message names, one a line. */
function MessageProblems({ message }: { message: string | undefined }) {
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
