/** The header's message bell: badge (max 99), popover list, sound controls, 'view all'. */

import { IconBell, IconMute, IconVolume2 } from '@douyinfe/semi-icons';
import { Badge, Button, Empty, Popover, Slider, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { Notice } from '@eem/contract';
import { EVENT_CLASS_LABELS, normalizeEventClass } from '@eem/core';
import { memo, useCallback, useState } from 'react';
import { useFormat } from '../../app/format';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { textOn, useAlarmColors } from '../../theme/alarm-colors';
import { MessageCentre } from './MessageCentre';
import { useNotices } from './NoticeProvider';
import { badgeCount, noticeTypeName } from './notice-list';
import { noticeTexts } from './texts';
import './notices.css';

export function EventClassTag({ eventClass }: { eventClass: unknown }) {
  const { language } = useLanguage();
  const colors = useAlarmColors();
  const level = normalizeEventClass(eventClass);
  const [zh, en] = EVENT_CLASS_LABELS[level];
  return (
    <Tag
      size="small"
      className="eem-event-class"
      data-event-class={level}
      style={{ color: textOn(colors.event(level)), backgroundColor: colors.event(level) }}
    >
      {language === 'zh' ? zh : en}
    </Tag>
  );
}

const NoticeRow = memo(function NoticeRow({
  notice,
  onOpen,
}: {
  notice: Notice;
  onOpen: (notice: Notice) => void;
}) {
  const { language } = useLanguage();
  const fmt = useFormat();
  return (
    <button
      type="button"
      className="eem-notice-row"
      data-testid="notice-item"
      data-notice-id={notice.id}
      onClick={() => onOpen(notice)}
    >
      <div className="eem-notice-row-head">
        <EventClassTag eventClass={notice.eventClass} />
        <span className="eem-notice-type">{noticeTypeName(notice, language)}</span>
        <span className="eem-notice-time">{fmt.time(notice.time)}</span>
      </div>
      <p className="eem-notice-text" title={notice.description}>
        {notice.description}
      </p>
    </button>
  );
});

export function NoticeBell() {
  const t = useTexts(noticeTexts);
  const state = useNotices();
  const [open, setOpen] = useState(false);
  const [centre, setCentre] = useState(false);
  const { open: openPage } = state;
  const openNotice = useCallback(
    (notice: Notice) => {
      setOpen(false);
      openPage(notice);
    },
    [openPage],
  );

  const content = (
    <div className="eem-notice-popover" data-testid="notice-popover">
      <div className="eem-notice-popover-head">
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('notices')}
        </Typography.Title>
        <div className="eem-notice-sound">
          <Button
            size="small"
            theme="borderless"
            aria-label={t('mute')}
            title={t('mute')}
            aria-pressed={state.muted}
            data-testid="notice-mute"
            icon={state.muted ? <IconMute /> : <IconVolume2 />}
            onClick={() => state.setMuted(!state.muted)}
          />
          <Slider
            className="eem-notice-volume"
            aria-label={t('volume')}
            min={0}
            max={100}
            value={state.volume}
            disabled={state.muted}
            onChange={(value) => typeof value === 'number' && state.setVolume(value)}
          />
        </div>
      </div>
      <div className="eem-notice-list">
        {state.notices.length === 0 ? (
          <Empty description={t('noNotices')} />
        ) : (
          state.notices.map((notice) => <NoticeRow key={notice.id} notice={notice} onOpen={openNotice} />)
        )}
      </div>
      <div className="eem-notice-popover-foot">
        <Button size="small" theme="borderless" onClick={state.clear} disabled={state.notices.length === 0}>
          {t('clear')}
        </Button>
        <Button
          size="small"
          theme="solid"
          data-testid="notice-view-all"
          onClick={() => {
            setOpen(false);
            setCentre(true);
          }}
        >
          {t('viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="custom"
        visible={open}
        onClickOutSide={() => setOpen(false)}
        position="bottomRight"
        content={content}
        showArrow
      >
        <span>
          <Badge count={badgeCount(state.unread) || undefined} overflowCount={99} data-testid="notice-badge">
            <Button
              theme="borderless"
              aria-label={t('bell')}
              data-testid="notice-bell"
              icon={<IconBell size="large" />}
              onClick={() => {
                setOpen((v) => !v);
                state.markAllRead();
              }}
            />
          </Badge>
        </span>
      </Popover>
      {centre ? <MessageCentre onClose={() => setCentre(false)} /> : null}
    </>
  );
}
