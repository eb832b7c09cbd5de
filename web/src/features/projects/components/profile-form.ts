/**
 * The project profile dialog's values, validated by the contract's updateNode body: name and
 * number 1–50 without special characters, area and annual output decimals with 2 places,
 * people an integer 0–999999999, cooperation deadline after operation date.
 */
import type { ProjectProfile } from '@eem/contract';
import { projects } from '@eem/contract/areas/projects';
import { type FieldErrors, validateWith } from '../../../blocks/form-issues';

export interface ProfileForm {
  [field: string]: unknown;
  name: string;
  code: string;
  level: string;
  company: string;
  address: string;
  longitude: number | null;
  latitude: number | null;
  area: number | null;
  people: number | null;
  operationDate: number | null;
  cooperationDeadline: number | null;
  annualOutput: number | null;
  description: string;
}

export function profileToForm(p: ProjectProfile): ProfileForm {
  return {
    name: p.name,
    code: p.code,
    level: p.level ?? '',
    company: p.company ?? '',
    address: p.address ?? '',
    longitude: p.longitude,
    latitude: p.latitude,
    area: p.area,
    people: p.people,
    operationDate: p.operationDate,
    cooperationDeadline: p.cooperationDeadline,
    annualOutput: p.annualOutput,
    description: p.description ?? '',
  };
}

const orNull = (v: string) => (v.trim() ? v : null);

export function profileBody(id: number, f: ProfileForm) {
  return {
    id,
    modelLabel: 'project' as const,
    name: f.name,
    code: f.code,
    level: orNull(f.level),
    company: orNull(f.company),
    address: orNull(f.address),
    longitude: f.longitude,
    latitude: f.latitude,
    area: f.area,
    people: f.people,
    operationDate: f.operationDate,
    cooperationDeadline: f.cooperationDeadline,
    annualOutput: f.annualOutput,
    description: orNull(f.description),
  };
}

/** The endpoint's own body schema (the same one the server parses with). */
const updateNodeBody = projects.updateNode.body;

export function validateProfile(id: number, f: ProfileForm): FieldErrors {
  return updateNodeBody ? validateWith(updateNodeBody, profileBody(id, f)) : {};
}
