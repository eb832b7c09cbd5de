/** The alarm sound of this browser: volume (default 100) and mute, kept locally, and a test beep. */
import { IconVolume2 } from '@douyinfe/semi-icons';
import { Button, Card, Slider, Space, Switch, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { type AlarmSound, playBeep, readAlarmSound, writeAlarmSound } from './alarm-sound';

export function AlarmSoundCard() {
  const t = useTexts(eventAdminTexts);
  const [sound, setSound] = useState<AlarmSound>(readAlarmSound);
  const update = (next: AlarmSound) => {
    setSound(next);
    writeAlarmSound(next);
  };
  const test = () => {
    if (sound.muted) {
      Toast.info(t('muted'));
      return;
    }
    if (!playBeep(sound)) Toast.warning(t('soundUnavailable'));
  };
  return (
    <Card title={t('alarmSound')} bodyStyle={{ padding: 12 }} style={{ marginBottom: 16 }}>
      <Space spacing={16} wrap>
        <Typography.Text>{t('volume')}</Typography.Text>
        <div style={{ width: 220 }}>
          <Slider
            aria-label={t('volume')}
            min={0}
            max={100}
            value={sound.volume}
            disabled={sound.muted}
            onChange={(v) => update({ ...sound, volume: typeof v === 'number' ? v : sound.volume })}
          />
        </div>
        <Typography.Text data-testid="volume-value" style={{ width: 32 }}>
          {sound.volume}
        </Typography.Text>
        <Space spacing={6}>
          <Switch
            aria-label={t('mute')}
            checked={sound.muted}
            onChange={(muted) => update({ ...sound, muted })}
          />
          <Typography.Text>{t('mute')}</Typography.Text>
        </Space>
        <Button icon={<IconVolume2 />} onClick={test}>
          {t('testSound')}
        </Button>
      </Space>
    </Card>
  );
}
