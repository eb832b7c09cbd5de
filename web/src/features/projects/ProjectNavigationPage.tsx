/**
 * /projectnavigation: the platform's entry page. Projects as cards (name, company, address,
 * operation date, level, today's accidents and alarms) and as pins on a map; search by name,
 * filter by company and level; 'Enter' stores the project id, switches to module fw and
 * opens the project's first permitted menu item.
 */
import { IconSearch } from '@douyinfe/semi-icons';
import { Button, Card, Col, Empty, Input, Row, Space, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useMemo, useState } from 'react';
import { useFormat } from '../../app/format';
import { useEnterProject } from '../../app/menu';
import { FileImage } from '../../blocks/FileImage';
import { Select } from '../../blocks/named-pickers';
import { useTexts } from '../../i18n/texts';
import { ProjectMap } from './components/ProjectMap';
import { alarmCounts, type ProjectSummary, useLevelName, useProjectList, useTodayNotices } from './queries';
import { projectTexts } from './texts';

export function filterProjects(
  projects: readonly ProjectSummary[],
  filters: { name: string; company: string | null; level: string | null },
): ProjectSummary[] {
  const needle = filters.name.trim().toLowerCase();
  return projects.filter(
    (p) =>
      (!needle || p.name.toLowerCase().includes(needle)) &&
      (filters.company === null || p.company === filters.company) &&
      (filters.level === null || p.level === filters.level),
  );
}

export function ProjectNavigationPage() {
  const t = useTexts(projectTexts);
  const fmt = useFormat();
  const enter = useEnterProject();
  const { projects, loading } = useProjectList();
  const { notices } = useTodayNotices();
  const [name, setName] = useState('');
  const [company, setCompany] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const alarms = useMemo(() => alarmCounts(notices), [notices]);
  const shown = filterProjects(projects, { name, company, level });
  const companies = [...new Set(projects.flatMap((p) => (p.company ? [p.company] : [])))];
  const levels = [...new Set(projects.flatMap((p) => (p.level ? [p.level] : [])))];
  const levelName = useLevelName();

  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('navigation')}</Typography.Title>
      <Space wrap spacing={8} style={{ marginBottom: 12 }}>
        <Input
          prefix={<IconSearch />}
          placeholder={t('searchName')}
          aria-label={t('searchName')}
          value={name}
          onChange={setName}
          showClear
          style={{ width: 240 }}
        />
        <Select
          placeholder={t('company')}
          aria-label={t('company')}
          motion={false}
          showClear
          style={{ width: 220 }}
          optionList={companies.map((c) => ({ value: c, label: c }))}
          value={company ?? undefined}
          onChange={(v) => setCompany(typeof v === 'string' ? v : null)}
        />
        <Select
          placeholder={t('level')}
          aria-label={t('level')}
          motion={false}
          showClear
          style={{ width: 160 }}
          optionList={levels.map((l) => ({ value: l, label: levelName(l) }))}
          value={level ?? undefined}
          onChange={(v) => setLevel(typeof v === 'string' ? v : null)}
        />
        <Typography.Text type="tertiary">{t('projectCount', { count: shown.length })}</Typography.Text>
      </Space>
      {loading ? (
        <Spin size="large" />
      ) : (
        <>
          <Card title={t('map')} bodyStyle={{ padding: 12 }} style={{ marginBottom: 16 }}>
            <ProjectMap projects={shown} alarms={alarms} selected={selected} onPick={setSelected} />
          </Card>
          {shown.length === 0 ? (
            <Empty description={t('noData')} />
          ) : (
            <Row gutter={[16, 16]} type="flex">
              {shown.map((p) => {
                const count = alarms.get(p.id) ?? 0;
                return (
                  <Col key={p.id} xs={24} md={12} xl={8} xxl={6}>
                    <Card
                      className="eem-project-card"
                      aria-label={p.name}
                      shadows={selected === p.id ? 'always' : 'hover'}
                      style={selected === p.id ? { borderColor: 'var(--semi-color-primary)' } : undefined}
                      title={
                        <Typography.Text strong ellipsis={{ showTooltip: true }} style={{ maxWidth: 220 }}>
                          {p.name}
                        </Typography.Text>
                      }
                      headerExtraContent={p.level ? <Tag size="small">{levelName(p.level)}</Tag> : null}
                      cover={
                        p.mainImage ? (
                          <FileImage
                            fileName={p.mainImage}
                            alt={p.name}
                            style={{ width: '100%', height: 120, objectFit: 'cover' }}
                          />
                        ) : undefined
                      }
                      footer={
                        <Button
                          theme="solid"
                          type="primary"
                          onClick={() => enter(p.id)}
                          aria-label={`${t('enter')} ${p.name}`}
                        >
                          {t('enter')}
                        </Button>
                      }
                    >
                      <dl
                        className="eem-project-facts"
                        style={{
                          margin: 0,
                          display: 'grid',
                          gridTemplateColumns: 'auto 1fr',
                          gap: '4px 12px',
                        }}
                      >
                        <dt style={{ color: 'var(--semi-color-text-2)' }}>{t('company')}</dt>
                        <dd style={{ margin: 0 }}>{p.company ?? '--'}</dd>
                        <dt style={{ color: 'var(--semi-color-text-2)' }}>{t('address')}</dt>
                        <dd style={{ margin: 0 }}>{p.address ?? '--'}</dd>
                        <dt style={{ color: 'var(--semi-color-text-2)' }}>{t('operationDate')}</dt>
                        <dd style={{ margin: 0 }}>{fmt.time(p.operationDate, 'YYYY-MM-DD')}</dd>
                        <dt style={{ color: 'var(--semi-color-text-2)' }}>{t('alarmsToday')}</dt>
                        <dd style={{ margin: 0 }}>
                          {count > 0 ? (
                            <Tag color="red" size="small" className="eem-alarm-count">
                              {count}
                            </Tag>
                          ) : (
                            count
                          )}
                        </dd>
                      </dl>
                    </Card>
                  </Col>
                );
              })}
            </Row>
          )}
        </>
      )}
    </div>
  );
}
