/**
 * SpreadsheetPicker: 'choose file' for an xls/xlsx workbook, the chosen file's name and why a
 * choice was refused (not a spreadsheet, over the cap). useSpreadsheetFile holds the choice.
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import { UPLOAD_LIMITS } from '@eem/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { FilePicker } from './FilePicker';
import { blockTexts } from './texts';

export function isSpreadsheet(name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (UPLOAD_LIMITS.spreadsheetExtensions as readonly string[]).includes(ext);
}

/** Why a chosen file cannot be imported (xls/xlsx only, within the cap); null when fine. */
export function spreadsheetProblem(
  file: { name: string; size: number },
  maxBytes: number | undefined,
  texts: { onlyExcel: string; fileTooLarge: string },
): string | null {
  if (!isSpreadsheet(file.name)) return texts.onlyExcel;
  if (maxBytes !== undefined && file.size > maxBytes) return texts.fileTooLarge;
  return null;
}

export interface SpreadsheetFile {
  file: File | null;
  /** Why the last choice was refused. */
  error: string | null;
  /** Takes a chosen file (or refuses it, keeping no file); true when taken. */
  choose: (picked: File) => boolean;
  /** Forgets the file and the refusal (the same function on every render). */
  clear: () => void;
}

/** The chosen workbook; `maxBytes` caps its size. */
export function useSpreadsheetFile(maxBytes?: number): SpreadsheetFile {
  const t = useTexts(blockTexts);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clear = useCallback(() => {
    setFile(null);
    setError(null);
  }, []);
  return {
    file,
    error,
    choose: (picked) => {
      const problem = spreadsheetProblem(picked, maxBytes, {
        onlyExcel: t('onlyExcel'),
        fileTooLarge: t('fileTooLarge'),
      });
      setError(problem);
      setFile(problem ? null : picked);
      return problem === null;
    },
    clear,
  };
}

export interface SpreadsheetPickerProps {
  sheet: SpreadsheetFile;
  /** A file was chosen (taken or refused: see sheet.choose). */
  onPick: (picked: File) => void;
  icon?: ReactNode;
  disabled?: boolean;
}

export function SpreadsheetPicker({ sheet, onPick, icon, disabled }: SpreadsheetPickerProps) {
  const t = useTexts(blockTexts);
  return (
    <>
      <Space>
        <FilePicker
          label={t('chooseFile')}
          accept=".xls,.xlsx"
          icon={icon}
          disabled={disabled}
          onPick={(picked) => picked && onPick(picked)}
        />
        <Typography.Text>{sheet.file?.name ?? ''}</Typography.Text>
      </Space>
      {sheet.error && (
        <Typography.Text type="danger" role="alert">
          {sheet.error}
        </Typography.Text>
      )}
    </>
  );
}
