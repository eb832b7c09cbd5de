/** How an event level's chip looks in the light and the dark theme (the alarm colours of the theme). */
import { EVENT_LEVELS } from '@eem/core';
import { EVENT_LEVEL_COLORS, type EventLevel, textOn } from '../../../../theme/alarm-colors';
import type { ThemeMode } from '../../../../theme/theme';

/** The page backgrounds of the two themes, behind the preview chips. */
const BACKGROUNDS: Record<ThemeMode, string> = { light: '#ffffff', dark: '#1c1f23' };

export function ColorPreview({ level, label }: { level: number; label: string }) {
  const n = ((EVENT_LEVELS as readonly number[]).includes(level) ? level : 5) as EventLevel;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }} data-testid="color-preview">
      {(['light', 'dark'] as const).map((mode) => {
        const color = EVENT_LEVEL_COLORS[mode][n];
        return (
          <span
            key={mode}
            data-theme-preview={mode}
            title={`${mode} ${color}`}
            style={{ background: BACKGROUNDS[mode], padding: 3, borderRadius: 4, border: '1px solid #8884' }}
          >
            <span
              style={{
                background: color,
                color: textOn(color),
                padding: '0 6px',
                borderRadius: 3,
                fontSize: 12,
                whiteSpace: 'nowrap',
              }}
            >
              {label}
            </span>
          </span>
        );
      })}
    </span>
  );
}
