/**
 * The waveform viewer of one recording (pq.wave): voltages and currents as instantaneous
 * values or half-cycle RMS, two cursors with their values and Δt, zoom by dragging across a
 * chart or with the range slider, the phasors of one cycle at cursor A, and the COMTRADE
 * download (pq.waveDownload; a JSON answer shows the server's msg or 'abnormal export file').
 */
import { IconDownload } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Radio,
  RadioGroup,
  Slider,
  Space,
  Table,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import type { Waveform } from '@eem/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useMutations } from '../../../../app/client';
import { formatNumber, useFormat } from '../../../../app/format';
import { downloadErrorMessage, saveDownload } from '../../../../blocks/save-file';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { type ChannelPhasor, PhasorDiagram } from './PhasorDiagram';
import { type ChartChannel, type CursorName, WaveChart } from './WaveChart';
import { clampView, estimateFrequency, indexAt, phasorAt, valueAt } from './wave-math';

type Mode = 'instantaneous' | 'rms';

export function WaveViewer({ wave }: { wave: Waveform }) {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const waveFile = useMutation(useMutations().pq.waveDownload());
  const [mode, setMode] = useState<Mode>('instantaneous');
  const samples = wave.channels[0]?.samples.length ?? 0;
  const duration = samples / wave.sampleRate;
  // At least half a 50 Hz cycle stays in view.
  const minSpan = Math.min(duration, 32 / wave.sampleRate);
  const [view, setView] = useState<[number, number]>([0, duration]);
  const [cursors, setCursors] = useState<Record<CursorName, number>>({
    a: duration * 0.3,
    b: duration * 0.6,
  });

  const channels = useMemo(
    () =>
      wave.channels.map((c) => ({
        name: c.name,
        unit: c.unit,
        kind: c.name.startsWith('I') ? ('current' as const) : ('voltage' as const),
        samples: { values: c.samples, duration },
        rms: { values: c.rms, duration },
      })),
    [wave, duration],
  );
  const shown = (kind: 'voltage' | 'current'): ChartChannel[] =>
    channels
      .filter((c) => c.kind === kind)
      .map((c) => ({ name: c.name, unit: c.unit, series: mode === 'rms' ? c.rms : c.samples }));

  const frequency = useMemo(
    () => estimateFrequency(channels[0]?.samples.values ?? [], wave.sampleRate),
    [channels, wave.sampleRate],
  );
  const phasors: ChannelPhasor[] = channels.flatMap((c) => {
    const p = phasorAt(c.samples.values, indexAt(c.samples, cursors.a), wave.sampleRate / frequency);
    const index = ['A', 'B', 'C'].indexOf(c.name.slice(-1).toUpperCase());
    return p ? [{ name: c.name, unit: c.unit, phasor: p, index: Math.max(0, index), kind: c.kind }] : [];
  });

  const zoom = (from: number, to: number) => setView(clampView(from, to, duration, minSpan));
  const moveCursor = (name: CursorName, at: number) =>
    setCursors((c) => ({ ...c, [name]: Math.min(duration, Math.max(0, at)) }));

  const download = async () => {
    try {
      const name = await saveDownload(await waveFile.mutateAsync({ body: { eventId: wave.eventId } }));
      Toast.success(t('downloaded', { name }));
    } catch (error) {
      Toast.error(downloadErrorMessage(error));
    }
  };

  const ms = (s: number) => `${formatNumber(s * 1000, 2)} ms`;
  const readout = channels.map((c) => {
    const series = mode === 'rms' ? c.rms : c.samples;
    const a = valueAt(series, cursors.a);
    const b = valueAt(series, cursors.b);
    return { name: c.name, unit: c.unit, a, b, delta: a === null || b === null ? null : b - a };
  });
  const pct = (s: number) => (duration > 0 ? (s / duration) * 100 : 0);

  return (
    <Card
      title={t('waveform')}
      headerExtraContent={
        <Space>
          <RadioGroup
            type="button"
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
            aria-label={t('waveform')}
          >
            <Radio value="instantaneous">{t('instantaneous')}</Radio>
            <Radio value="rms">{t('rms')}</Radio>
          </RadioGroup>
          <Button onClick={() => setView([0, duration])}>{t('resetZoom')}</Button>
          <Button icon={<IconDownload />} loading={waveFile.isPending} onClick={() => void download()}>
            {t('downloadComtrade')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="tertiary" size="small" style={{ marginBottom: 8 }}>
        {`${t('sampleInfo', {
          rate: wave.sampleRate,
          un: formatNumber(wave.nominalVoltage, 0),
          start: fmt.time(wave.startTime),
        })} · ${t('waveHint')}`}
      </Typography.Paragraph>
      <WaveChart
        title={t('voltages')}
        channels={shown('voltage')}
        view={view}
        cursors={cursors}
        onCursor={moveCursor}
        onZoom={zoom}
      />
      <WaveChart
        title={t('currents')}
        channels={shown('current')}
        view={view}
        cursors={cursors}
        onCursor={moveCursor}
        onZoom={zoom}
        height={160}
      />
      <div style={{ padding: '0 8px 12px' }}>
        <Typography.Text size="small">{t('zoom')}</Typography.Text>
        <Slider
          range
          aria-label={t('zoom')}
          min={0}
          max={100}
          step={0.1}
          value={[pct(view[0]), pct(view[1])]}
          tipFormatter={(v) => ms((Number(v) / 100) * duration)}
          onChange={(v) => {
            if (Array.isArray(v)) zoom(((v[0] ?? 0) / 100) * duration, ((v[1] ?? 100) / 100) * duration);
          }}
        />
      </div>
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 420px' }}>
          <Space style={{ marginBottom: 8 }} data-testid="cursor-times">
            <Typography.Text>{`${t('cursorA')}: ${ms(cursors.a)}`}</Typography.Text>
            <Typography.Text>{`${t('cursorB')}: ${ms(cursors.b)}`}</Typography.Text>
            <Typography.Text
              strong
              data-testid="delta-t"
            >{`${t('deltaT')} = ${ms(cursors.b - cursors.a)}`}</Typography.Text>
          </Space>
          <div data-testid="cursor-values">
            <Table
              size="small"
              pagination={false}
              rowKey="name"
              aria-label={t('channel')}
              dataSource={readout}
              columns={[
                { title: t('channel'), dataIndex: 'name', width: 80 },
                {
                  title: t('cursorA'),
                  dataIndex: 'a',
                  render: (v: number | null, r: (typeof readout)[number]) =>
                    `${formatNumber(v, 1)} ${r.unit}`,
                },
                {
                  title: t('cursorB'),
                  dataIndex: 'b',
                  render: (v: number | null, r: (typeof readout)[number]) =>
                    `${formatNumber(v, 1)} ${r.unit}`,
                },
                {
                  title: 'B − A',
                  dataIndex: 'delta',
                  render: (v: number | null, r: (typeof readout)[number]) =>
                    `${formatNumber(v, 1)} ${r.unit}`,
                },
              ]}
            />
          </div>
        </div>
        <div style={{ flex: '0 1 auto' }}>
          <Typography.Text strong>{t('phasor')}</Typography.Text>
          <PhasorDiagram phasors={phasors} />
        </div>
      </div>
    </Card>
  );
}
