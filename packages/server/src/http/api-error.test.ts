import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';

describe('refusals at request paths (issue 12 item 10)', () => {
  it('puts a rule in words at its request path, dropping a field name the rule text starts with', () => {
    expect(ApiError.at('body.endTime', 'end time must be later than start time').msg).toBe(
      'body.endTime: end time must be later than start time',
    );
    expect(ApiError.at('body.cells.0.node', 'nodes: node 5 does not exist in this project').msg).toBe(
      'body.cells.0.node: node 5 does not exist in this project',
    );
    expect(ApiError.at('file', 'Sheet1: the header row is missing').msg).toBe(
      'file: Sheet1: the header row is missing',
    );
    expect(ApiError.at('query.id', 'x').httpStatus).toBe(400);
  });

  it('reads core texts that name their field as refusals of that body field, never twice', () => {
    expect(ApiError.rule('pointIds: choose at least one measurement point').msg).toBe(
      'body.pointIds: choose at least one measurement point',
    );
    expect(ApiError.conflict('name: a scheme with this name exists').msg).toBe(
      'body.name: a scheme with this name exists',
    );
    expect(ApiError.conflict('body.name: a role named Ops already exists').msg).toBe(
      'body.name: a role named Ops already exists',
    );
    expect(ApiError.rule('a project has at most 200 inlets').msg).toBe('a project has at most 200 inlets');
  });

  it('says what is missing in words, keeping a request path when there is one', () => {
    expect(ApiError.notFound('id: alarm scheme 5 does not exist in this project').msg).toBe(
      'alarm scheme 5 does not exist in this project',
    );
    expect(ApiError.notFound('query.taskId: no import task 7').msg).toBe('query.taskId: no import task 7');
  });
});
