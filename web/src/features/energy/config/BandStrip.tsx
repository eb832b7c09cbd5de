/**
 * A day of a time-of-use scheme as a strip of 96 quarter hours, painted with the chosen band
 * (press and drag); hours are marked under it.
 */
import {
  bandStrip,
  SLOTS_PER_DAY,
  stripPeriods,
  TOU_BAND_NAMES,
  type TouBand,
  type TouPeriod,
} from '@eem/core';
import { useRef } from 'react';
import { useLanguage } from '../../../i18n/language';

const SLOTS = Array.from({ length: SLOTS_PER_DAY }, (_, i) => i);
const HOURS = Array.from({ length: 24 }, (_, i) => i);

export const BAND_COLORS: Record<TouBand, string> = {
  1: '#e5484d',
  2: '#f5a524',
  3: '#3e9bff',
  4: '#30a46c',
};

export function BandStrip({
  periods,
  brush,
  onChange,
  disabled,
  label,
}: {
  periods: readonly TouPeriod[];
  brush: TouBand;
  onChange: (periods: TouPeriod[]) => void;
  disabled?: boolean;
  label: string;
}) {
  const { language } = useLanguage();
  const painting = useRef(false);
  const strip = periods.length ? bandStrip(periods) : Array<TouBand>(SLOTS_PER_DAY).fill(3);
  const paint = (slot: number) => {
    if (disabled || strip[slot] === brush) return;
    const next = [...strip];
    next[slot] = brush;
    onChange(stripPeriods(next));
  };
  const stop = () => {
    painting.current = false;
  };
  return (
    <fieldset
      aria-label={label}
      onMouseLeave={stop}
      onMouseUp={stop}
      style={{ userSelect: 'none', border: 'none', margin: 0, padding: 0, minWidth: 0 }}
    >
      <div style={{ display: 'flex', height: 22, border: '1px solid var(--semi-color-border)' }}>
        {SLOTS.map((slot) => {
          const band = strip[slot] ?? 3;
          const time = `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
          return (
            <button
              type="button"
              key={slot}
              data-slot={slot}
              data-band={band}
              aria-label={`${time} ${TOU_BAND_NAMES[band][language === 'zh' ? 0 : 1]}`}
              title={`${time} ${TOU_BAND_NAMES[band][language === 'zh' ? 0 : 1]}`}
              disabled={disabled}
              onMouseDown={() => {
                painting.current = true;
                paint(slot);
              }}
              onMouseEnter={() => {
                if (painting.current) paint(slot);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') paint(slot);
              }}
              style={{
                flex: 1,
                minWidth: 0,
                margin: 0,
                padding: 0,
                border: 'none',
                borderRadius: 0,
                appearance: 'none',
                background: BAND_COLORS[band],
                opacity: 0.85,
                borderLeft: slot % 4 === 0 && slot > 0 ? '1px solid rgba(0,0,0,0.35)' : undefined,
                cursor: disabled ? 'default' : 'crosshair',
              }}
            />
          );
        })}
      </div>
      <div style={{ display: 'flex', fontSize: 10, color: 'var(--semi-color-text-2)' }}>
        {HOURS.map((h) => (
          <div key={h} style={{ flex: 1 }}>
            {h % 2 === 0 ? h : ''}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
