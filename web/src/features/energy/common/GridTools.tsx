/**
 * What the entry grids share: the bar that adds a row for a node (and what else the row needs),
 * saves the changed cells and says how many are unsaved, and the xlsx import of the grid's
 * template (a task followed with progress, the problems row by row, the error workbook).
 */
import { Button, Typography } from '@douyinfe/semi-ui-19';
import { NODE_IMPORT_LIMITS } from '@eem/core';
import type { Client, DownloadResult } from '@eem/sdk';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ImportDialog, type StartedTask } from '../../../blocks/ImportDialog';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { ImportProblems } from '../../nodes/components/ImportProblems';
import type { nodePaths } from './energy-data';
import { energyTexts } from './texts';

type NodePath = ReturnType<typeof nodePaths>[number];

export function GridBar({
  canWrite,
  nodes,
  onAdd,
  more,
  ready = true,
  unsaved,
  saving,
  onSave,
  children,
}: {
  canWrite: boolean;
  nodes: readonly NodePath[];
  /** Adds a row for the picked node. */
  onAdd: (node: NodePath) => void;
  /** More pickers the row needs (an energy type). */
  more?: ReactNode;
  /** Whether those pickers are set. */
  ready?: boolean;
  unsaved: number;
  saving: boolean;
  onSave: () => void;
  /** Import buttons. */
  children?: ReactNode;
}) {
  const t = useTexts(energyTexts);
  const [pick, setPick] = useState<string | null>(null);
  const node = nodes.find((n) => n.key === pick);
  return (
    <>
      {canWrite && (
        <>
          <Select
            aria-label={t('node')}
            placeholder={t('node')}
            filter
            style={{ width: 300 }}
            value={pick ?? undefined}
            optionList={nodes.map((n) => ({ value: n.key, label: n.path }))}
            onChange={(v) => setPick(String(v))}
          />
          {more}
          <Button disabled={!node || !ready} onClick={() => node && onAdd(node)}>
            {t('addRow')}
          </Button>
          <Button theme="solid" disabled={unsaved === 0} loading={saving} onClick={onSave}>
            {t('save')}
          </Button>
          {children}
        </>
      )}
      {unsaved > 0 && <Typography.Text type="warning">{t('unsaved', { n: unsaved })}</Typography.Text>}
    </>
  );
}

export function GridImport({
  title,
  onClose,
  template,
  upload,
  onSuccess,
}: {
  title: string;
  onClose: () => void;
  template: (client: Client) => Promise<DownloadResult>;
  upload: (client: Client, file: File) => Promise<StartedTask>;
  onSuccess: () => void;
}) {
  return (
    <ImportDialog
      visible
      title={title}
      onClose={onClose}
      template={template}
      upload={upload}
      report={(client, taskId) => client.nodes.importReport.download({ query: { taskId } })}
      failure={(p) => <ImportProblems taskId={p.refused ? undefined : p.task?.id} message={p.message} />}
      maxBytes={NODE_IMPORT_LIMITS.maxBytes}
      showOutcome
      onSuccess={onSuccess}
    />
  );
}
