import { describe, expect, it } from 'vitest';
import { taskProblems } from './node-import';

describe('taskProblems', () => {
  it('lists the problems a failed import names', () => {
    expect(
      taskProblems(
        '导入失败: 2 of 5 rows have errors; nothing was imported; the error report lists every row (房间 / Room row 3: name is required | 楼层 / Floor row 4: unknown parent)',
      ),
    ).toEqual(['房间 / Room row 3: name is required', '楼层 / Floor row 4: unknown parent']);
  });

  it('keeps a message without a list whole, and nothing for an empty one', () => {
    expect(taskProblems('导入失败: the file is not a workbook')).toEqual([
      '导入失败: the file is not a workbook',
    ]);
    expect(taskProblems('')).toEqual([]);
    expect(taskProblems(undefined)).toEqual([]);
  });
});
