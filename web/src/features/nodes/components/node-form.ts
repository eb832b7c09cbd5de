/**
 * The detail form of a node, driven by its type in @eem/core (NODE_TYPES): the name and the
 * type's fields (text, enumeration select, decimal with 2 places, integer), checked with
 * checkNodeName / checkNodeField, so the form refuses what the server refuses with the same
 * message.
 */
import { checkNodeField, checkNodeName, NODE_ENUMS, type NodeTypeDefinition } from '@eem/core';
import type { FormFieldDef } from '../../../blocks/FormFields';
import type { FieldErrors } from '../../../blocks/form-issues';
import type { Language } from '../../../i18n/language';

export type NodeForm = Record<string, string | number | null>;

/** The label of a node type or field in a language. */
export function labelIn(label: readonly [string, string], language: Language): string {
  return language === 'zh' ? label[0] : label[1];
}

export function nodeFormFields(
  type: NodeTypeDefinition,
  language: Language,
  nameLabel: string,
): FormFieldDef<NodeForm>[] {
  return [
    { field: 'name', label: nameLabel, type: 'text', required: true },
    ...type.fields.map((f): FormFieldDef<NodeForm> => {
      const label = labelIn(f.label, language);
      switch (f.kind) {
        case 'enum': {
          const entries = Object.entries(NODE_ENUMS[f.enumeration ?? 'roomtype']) as [
            string,
            readonly [string, string],
          ][];
          return {
            field: f.key,
            label,
            type: 'select',
            required: f.required,
            options: entries.map(([value, text]) => ({
              value: Number(value),
              label: labelIn(text, language),
            })),
          };
        }
        case 'decimal2':
          return { field: f.key, label, type: 'number', required: f.required, precision: 2 };
        case 'integer':
          return { field: f.key, label, type: 'number', required: f.required, precision: 0 };
        default:
          return { field: f.key, label, type: 'text', required: f.required };
      }
    }),
  ];
}

/** The form of a node as the server answers it (absent fields empty). */
export function nodeToForm(type: NodeTypeDefinition, node: Record<string, unknown> | null): NodeForm {
  const form: NodeForm = { name: typeof node?.name === 'string' ? node.name : '' };
  for (const f of type.fields) {
    const v = node?.[f.key];
    form[f.key] = typeof v === 'string' || typeof v === 'number' ? v : null;
  }
  return form;
}

const trimmed = (v: string | number | null | undefined) => (typeof v === 'string' ? v.trim() : v);

/** Field errors by the core rules; empty when the form may be sent. */
export function validateNodeForm(type: NodeTypeDefinition, form: NodeForm): FieldErrors {
  const errors: FieldErrors = {};
  const name = checkNodeName(form.name);
  if (name) errors.name = name;
  for (const f of type.fields) {
    const problem = checkNodeField(f, trimmed(form[f.key]));
    if (problem) errors[f.key] = problem;
  }
  return errors;
}

/** The fields to send: the name and every field of the type, trimmed, empty as null. */
export function nodeFormBody(type: NodeTypeDefinition, form: NodeForm): NodeForm {
  const body: NodeForm = { name: String(form.name ?? '').trim() };
  for (const f of type.fields) {
    const v = trimmed(form[f.key]);
    body[f.key] = v === '' || v === undefined ? null : v;
  }
  return body;
}
