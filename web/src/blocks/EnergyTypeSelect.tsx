/**
 * EnergyTypeSelect: a single or multi select over the project's energy types
 * {energyType, name, unit}. The caller may give the list; otherwise it comes from the
 * `energytype` enumeration (shell.enumerations) until an energy-type endpoint exists. Multi
 * mode is capped at 6 types with a toast.
 */
import { Toast } from '@douyinfe/semi-ui-19';
import { SELECTION_LIMITS } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQueries } from '../app/client';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { Select } from './named-pickers';
import { blockTexts } from './texts';

export interface EnergyTypeOption {
  energyType: number;
  name: string;
  unit: string;
}

/** Units of the enumeration's energy types, until the unit setting serves them. */
export const DEFAULT_ENERGY_UNITS: Readonly<Record<number, string>> = {
  2: 'kWh',
  3: 'm³',
  13: 'tce',
  15: 'm³',
  16: 't',
  18: 'm³',
};

interface CommonProps {
  /** The energy types; when absent they come from the energytype enumeration. */
  options?: readonly EnergyTypeOption[];
  disabled?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

export interface SingleEnergyTypeSelectProps extends CommonProps {
  multiple?: false;
  value: number | null;
  onChange: (energyType: number | null, option: EnergyTypeOption | null) => void;
}

export interface MultiEnergyTypeSelectProps extends CommonProps {
  multiple: true;
  value: readonly number[];
  onChange: (energyTypes: number[], options: EnergyTypeOption[]) => void;
  /** Default 6. */
  max?: number;
}

export type EnergyTypeSelectProps = SingleEnergyTypeSelectProps | MultiEnergyTypeSelectProps;

/** The energy types of the enumeration, named in the interface language. */
export function useEnergyTypeOptions(given?: readonly EnergyTypeOption[]): {
  options: readonly EnergyTypeOption[];
  loading: boolean;
} {
  const queries = useQueries();
  const { language } = useLanguage();
  const enumerations = useQuery({
    ...queries.shell.enumerations(),
    enabled: given === undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const fromEnum = useMemo(() => {
    const list = enumerations.data?.find((e) => e.modelLabel === 'energytype')?.enums ?? [];
    return list.map((e) => ({
      energyType: e.id,
      name: language === 'zh' ? e.text : e.enText,
      unit: DEFAULT_ENERGY_UNITS[e.id] ?? '',
    }));
  }, [enumerations.data, language]);
  return given ? { options: given, loading: false } : { options: fromEnum, loading: enumerations.isPending };
}

export function EnergyTypeSelect(props: EnergyTypeSelectProps) {
  const t = useTexts(blockTexts);
  const { options, loading } = useEnergyTypeOptions(props.options);
  const byType = useMemo(() => new Map(options.map((o) => [o.energyType, o])), [options]);
  const optionList = options.map((o) => ({
    value: o.energyType,
    label: o.unit ? `${o.name} (${o.unit})` : o.name,
  }));
  const common = {
    optionList,
    loading,
    disabled: props.disabled,
    placeholder: t('selectEnergyType'),
    emptyContent: t('noData'),
    style: { minWidth: 180, ...props.style },
    'aria-label': props['aria-label'] ?? t('energyType'),
  };

  if (props.multiple) {
    const { value, onChange, max = SELECTION_LIMITS.nodes } = props;
    return (
      <Select
        {...common}
        multiple
        max={max}
        maxTagCount={3}
        onExceed={() => Toast.warning(t('maxTypes'))}
        value={[...value]}
        onChange={(next) => {
          const types = (Array.isArray(next) ? next : []).map(Number).filter((n) => byType.has(n));
          onChange(
            types,
            types.flatMap((n) => {
              const o = byType.get(n);
              return o ? [o] : [];
            }),
          );
        }}
      />
    );
  }

  const { value, onChange } = props;
  return (
    <Select
      {...common}
      value={value ?? undefined}
      // onSelect, not onChange: a controlled single Select reports onChange only after its
      // close animation, and the choice should land at once.
      onSelect={(next) => {
        const n = typeof next === 'number' ? next : Number(next);
        const option = byType.get(n) ?? null;
        onChange(option ? n : null, option);
      }}
    />
  );
}
