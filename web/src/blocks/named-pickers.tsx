/**
 * Semi's pickers with an accessible name that stays when a value is chosen (issue 12, item 6).
 * Semi's Select drops its `aria-label` prop (its combobox gets '' or 'selected') and its
 * DatePicker names its combobox 'Choose date'; both pass `aria-labelledby` on. So every Select
 * and DatePicker of the console is one of these, and must be given either
 * - `aria-labelledby`: the id of the visible label the form shows for it, or
 * - `aria-label`: the name, kept in a hidden element next to the picker that `aria-labelledby`
 *   points at (hidden elements still name what refers to them, and take no room in the layout).
 * A placeholder is not a name: it goes once a value is chosen.
 *
 * What reaches where (Semi 2.89):
 * - Select: `aria-labelledby` and `id` reach the element with role combobox (a div, so a
 *   `<label for>` does not name it); `inputProps` reach the search input of a filterable Select,
 *   which is named by the same label here.
 * - DatePicker: `aria-labelledby` reaches only the wrapper around its combobox; the repairs
 *   (app/a11y-repairs.ts) move it onto the combobox and its inputs, which no prop reaches.
 * - Pagination: its page-size Select gets a fixed English 'Page size selector' that its Select
 *   drops; `data-size-label` carries the name for the repairs to put on it.
 * TreeSelect, Cascader, TimePicker, InputNumber and AutoComplete pass `aria-label` on to the
 * element that takes focus, so they are used as Semi gives them.
 */
import {
  DatePicker as SemiDatePicker,
  Pagination as SemiPagination,
  Select as SemiSelect,
} from '@douyinfe/semi-ui-19';
import type { DatePickerProps } from '@douyinfe/semi-ui-19/lib/es/datePicker';
import type { PaginationProps } from '@douyinfe/semi-ui-19/lib/es/pagination';
import type { SelectProps } from '@douyinfe/semi-ui-19/lib/es/select';
import { type ReactNode, useId } from 'react';
import { useTexts } from '../i18n/texts';
import { blockTexts } from './texts';

/** How a picker is named: by a visible label's id, or by a text of its own. */
export type PickerName =
  | { 'aria-labelledby': string; 'aria-label'?: never }
  | { 'aria-label': string; 'aria-labelledby'?: never };

type Unnamed<P> = Omit<P, 'aria-label' | 'aria-labelledby'>;
export type NamedSelectProps = Unnamed<SelectProps> & PickerName;
export type NamedDatePickerProps = Unnamed<DatePickerProps> & PickerName;

/**
 * The id that names a picker, and the hidden element holding the name when there is no
 * visible label to point at.
 */
function useLabelledBy(name: PickerName): [string, ReactNode] {
  const own = useId();
  if (name['aria-labelledby']) return [name['aria-labelledby'], null];
  return [
    own,
    <span key="name" id={own} hidden>
      {name['aria-label']}
    </span>,
  ];
}

export function Select(props: NamedSelectProps) {
  const { 'aria-label': _label, 'aria-labelledby': _labelledBy, inputProps, ...rest } = props;
  const [id, hiddenName] = useLabelledBy(props);
  return (
    <>
      <SemiSelect {...rest} aria-labelledby={id} inputProps={{ 'aria-labelledby': id, ...inputProps }} />
      {hiddenName}
    </>
  );
}

export function DatePicker(props: NamedDatePickerProps) {
  const { 'aria-label': _label, 'aria-labelledby': _labelledBy, ...rest } = props;
  const [id, hiddenName] = useLabelledBy(props);
  return (
    <>
      <SemiDatePicker {...rest} aria-labelledby={id} />
      {hiddenName}
    </>
  );
}

/** Semi's Pagination, its page-size picker named in the interface language. */
export function Pagination(props: PaginationProps) {
  const t = useTexts(blockTexts);
  return <SemiPagination {...props} {...{ 'data-size-label': t('pageSize') }} />;
}
