/**
 * FilePicker: a button that opens the browser's file dialog (a hidden file input named like
 * the button) and hands over the chosen file; the input is cleared afterwards so choosing the
 * same file again fires again.
 */
import { Button } from '@douyinfe/semi-ui-19';
import { type CSSProperties, type ReactNode, useRef } from 'react';

export interface FilePickerProps {
  /** The button's text and the input's accessible name. */
  label: string;
  /** File types offered (the input's accept, e.g. ".xls,.xlsx"). */
  accept: string;
  onPick: (file: File | undefined) => void;
  icon?: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  style?: CSSProperties;
}

export function FilePicker({ label, accept, onPick, icon, disabled, loading, style }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={icon}
        disabled={disabled}
        loading={loading}
        style={style}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        style={{ display: 'none' }}
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
