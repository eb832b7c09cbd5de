import { describe, expect, it } from 'vitest';
import { taskProblems, taskSummary } from './node-import';

describe('taskProblems', () => {
  it('lists the problems a failed import names', () => {
    expect(
      taskProblems(
        '导入失败: 2 of 5 rows have errors; nothing was imported; the error report lists every row (房间 / Room row 3: name is required | 楼层 / Floor row 4: unknown parent)',
      ),
    ).toEqual(['房间 / Room row 3: name is required', '楼层 / Floor row 4: unknown parent']);
  });

  it('keeps the parentheses inside a problem', () => {
    expect(
      taskProblems(
        '导入失败: 2 of 3 rows have errors; nothing was imported; the error report lists every row (建筑 Building row 2: name: duplicate (in the project) | 建筑 Building row 3: name: duplicate (also 建筑 Building row 4))',
      ),
    ).toEqual([
      '建筑 Building row 2: name: duplicate (in the project)',
      '建筑 Building row 3: name: duplicate (also 建筑 Building row 4)',
    ]);
  });

  it('reads the list of a message in Chinese (full-width parentheses)', () => {
    const message =
      '导入失败：4 行中有 2 行有错误；未导入任何内容；错误报告列出了每一行（楼层 Floor row 4: unknown parent (x) | 房间 Room row 3: name is required）';
    expect(taskProblems(message)).toEqual([
      '楼层 Floor row 4: unknown parent (x)',
      '房间 Room row 3: name is required',
    ]);
    expect(taskSummary(message)).toBe('导入失败：4 行中有 2 行有错误；未导入任何内容；错误报告列出了每一行');
  });

  it('keeps a message without a list whole, and nothing for an empty one', () => {
    expect(taskProblems('导入失败: the file is not a workbook')).toEqual([
      '导入失败: the file is not a workbook',
    ]);
    expect(taskProblems('')).toEqual([]);
    expect(taskProblems(undefined)).toEqual([]);
  });
});

describe('taskSummary', () => {
  it('gives the count before the list, which names only the first rows', () => {
    expect(
      taskSummary(
        '导入失败: 9 of 11 rows have errors; nothing was imported; the error report lists every row (建筑 Building row 2: name: a node with this name already exists under the same parent (also 建筑 Building row 3) | 楼层 Floor row 2: unknown parent)',
      ),
    ).toBe('导入失败: 9 of 11 rows have errors; nothing was imported; the error report lists every row');
  });

  it('gives nothing for a message without a list', () => {
    expect(taskSummary('导入失败: the file is not a workbook')).toBeUndefined();
    expect(taskSummary('(only a list)')).toBeUndefined();
    expect(taskSummary(undefined)).toBeUndefined();
  });
});
