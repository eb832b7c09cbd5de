/**
 * /projectOverview: the project profile (main image, name, number, level, company, address,
 * area, people, dates, annual output, description) and up to 5 documents to download; holders
 * of nodeconfig_update edit the profile, the image and the documents.
 */

import { IconDownload, IconEdit, IconUpload } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  List,
  Modal,
  Row,
  Space,
  Spin,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { type ProjectProfile, projectProfileOf } from '@eem/contract';
import { UPLOAD_LIMITS } from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClient, useMutations, useQueries } from '../../app/client';
import { formatNumber, useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { FileImage } from '../../blocks/FileImage';
import { FilePicker } from '../../blocks/FilePicker';
import { type FormFieldDef, FormFields } from '../../blocks/FormFields';
import type { FieldErrors } from '../../blocks/form-issues';
import { errorMessage, saveDownloadOrToast } from '../../blocks/save-file';
import { documentProblem, imageProblem } from '../../blocks/upload-checks';
import { useTexts } from '../../i18n/texts';
import { EnergyIntensity } from '../energy/overview/EnergyIntensity';
import { type ProfileForm, profileBody, profileToForm, validateProfile } from './components/profile-form';
import { useLevelName } from './queries';
import { projectTexts } from './texts';

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function ProjectOverviewPage() {
  const t = useTexts(projectTexts);
  const { effectiveProjectId, permissions } = useSession();
  if (effectiveProjectId <= 0) {
    return (
      <div className="eem-page">
        <Typography.Title heading={4}>{t('overview')}</Typography.Title>
        <Empty description={t('noProject')} />
      </div>
    );
  }
  return <Overview projectId={effectiveProjectId} canEdit={permissions.has('nodeconfig_update')} />;
}

function Overview({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const t = useTexts(projectTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const client = useClient();
  const mutations = useMutations();
  // A project's change refreshes the projects area (its profile, the project lists).
  const updateNode = useMutation(mutations.projects.updateNode());
  // Stored and removed files change nothing shown until the profile that names them is saved.
  const uploadFile = useMutation(mutations.files.uploadFile({ invalidates: [] }));
  const deleteFile = useMutation(mutations.files.deleteFile({ invalidates: [] }));
  const profile = useQuery({
    ...queries.projects.nodeData({ body: { id: projectId, modelLabel: 'project' } }),
    select: projectProfileOf,
  });
  const levelName = useLevelName();
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);

  const update = (patch: Record<string, unknown>) =>
    updateNode.mutateAsync({ body: { id: projectId, modelLabel: 'project', ...patch } });

  const p = profile.data;
  if (profile.isPending) return <Spin size="large" />;
  if (!p) {
    return (
      <div className="eem-page">
        <Typography.Title heading={4}>{t('overview')}</Typography.Title>
        <Empty description={errorMessage(profile.error, t('noData'))} />
      </div>
    );
  }

  const fields: FormFieldDef<ProfileForm>[] = [
    { field: 'name', label: t('name'), type: 'text', required: true },
    { field: 'code', label: t('number'), type: 'text', required: true },
    { field: 'level', label: t('level'), type: 'text' },
    { field: 'company', label: t('company'), type: 'text' },
    { field: 'address', label: t('address'), type: 'text' },
    { field: 'longitude', label: t('longitude'), type: 'number', precision: 6 },
    { field: 'latitude', label: t('latitude'), type: 'number', precision: 6 },
    { field: 'area', label: t('area'), type: 'number' },
    { field: 'people', label: t('people'), type: 'number' },
    { field: 'operationDate', label: t('operationDate'), type: 'date' },
    { field: 'cooperationDeadline', label: t('cooperationDeadline'), type: 'date' },
    { field: 'annualOutput', label: t('annualOutput'), type: 'number' },
    { field: 'description', label: t('description'), type: 'textarea' },
  ];

  const saveProfile = async () => {
    if (!form) return;
    const found = validateProfile(projectId, form);
    setTried(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await updateNode.mutateAsync({ body: profileBody(projectId, form) });
      Toast.success(t('saved'));
      setForm(null);
    } catch (error) {
      Toast.error(errorMessage(error, t('save')));
    }
  };

  const uploadImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      Toast.error(problem);
      return;
    }
    try {
      const stored = await uploadFile.mutateAsync({
        body: { kind: 'image' },
        files: [{ name: file.name, data: file }],
      });
      await update({ mainImage: stored.fileName });
      Toast.success(t('saved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('uploadImage')));
    }
  };

  const uploadDocument = async (file: File | undefined, current: ProjectProfile) => {
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      Toast.error(problem);
      return;
    }
    try {
      const stored = await uploadFile.mutateAsync({
        body: { kind: 'document' },
        files: [{ name: file.name, data: file }],
      });
      await update({ documents: [...current.documents.map((d) => d.fileName), stored.fileName] });
      Toast.success(t('saved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('uploadDocument')));
    }
  };

  const removeDocument = (fileName: string, name: string, current: ProjectProfile) =>
    Modal.confirm({
      title: t('delete'),
      content: t('deleteDocument', { name }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        try {
          await update({ documents: current.documents.map((d) => d.fileName).filter((f) => f !== fileName) });
          await deleteFile.mutateAsync({ query: { fileName } });
        } catch (error) {
          Toast.error(errorMessage(error, t('delete')));
        }
      },
    });

  const download = (fileName: string) =>
    saveDownloadOrToast(() => client.files.downloadFile.download({ query: { fileName } }));

  const full = p.documents.length >= UPLOAD_LIMITS.maxDocuments;

  return (
    <div className="eem-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title heading={4}>{t('overview')}</Typography.Title>
        {canEdit && (
          <Button
            icon={<IconEdit />}
            onClick={() => {
              setErrors({});
              setTried(false);
              setForm(profileToForm(p));
            }}
          >
            {t('edit')}
          </Button>
        )}
      </Space>
      <Row gutter={16}>
        <Col span={8}>
          <Card title={t('mainImage')} bodyStyle={{ padding: 12 }}>
            <div
              style={{
                height: 220,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                background: 'var(--semi-color-fill-0)',
                borderRadius: 6,
                overflow: 'hidden',
              }}
            >
              {p.mainImage ? (
                <FileImage
                  fileName={p.mainImage.fileName}
                  alt={p.name}
                  style={{ width: '100%', height: '100%' }}
                />
              ) : (
                <Empty description={t('noData')} />
              )}
            </div>
            {canEdit && (
              <FilePicker
                label={t('uploadImage')}
                accept=".jpg,.png"
                icon={<IconUpload />}
                style={{ marginTop: 8 }}
                loading={uploadFile.isPending}
                onPick={(file) => void uploadImage(file)}
              />
            )}
          </Card>
        </Col>
        <Col span={16}>
          <Card title={p.name} bodyStyle={{ padding: 12 }}>
            <Descriptions
              align="left"
              data={[
                { key: t('number'), value: p.code },
                { key: t('level'), value: levelName(p.level) },
                { key: t('tenant'), value: p.tenantName },
                { key: t('company'), value: p.company ?? '--' },
                { key: t('address'), value: p.address ?? '--' },
                { key: t('area'), value: formatNumber(p.area) },
                { key: t('people'), value: formatNumber(p.people, 0) },
                { key: t('operationDate'), value: fmt.time(p.operationDate, 'YYYY-MM-DD') },
                { key: t('cooperationDeadline'), value: fmt.time(p.cooperationDeadline, 'YYYY-MM-DD') },
                { key: t('annualOutput'), value: formatNumber(p.annualOutput) },
                { key: t('timeZone'), value: p.timeZone },
                { key: t('description'), value: p.description ?? '--' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card
        title={t('documents')}
        style={{ marginTop: 16 }}
        bodyStyle={{ padding: 12 }}
        headerExtraContent={
          canEdit && (
            <FilePicker
              label={t('uploadDocument')}
              accept=".xls,.xlsx,.docx,.pdf"
              icon={<IconUpload />}
              disabled={full}
              loading={uploadFile.isPending}
              onPick={(file) => void uploadDocument(file, p)}
            />
          )
        }
      >
        <Typography.Text type="tertiary" size="small">
          {t('documentsLimit')}
        </Typography.Text>
        <List
          dataSource={p.documents}
          emptyContent={<Empty description={t('noData')} />}
          renderItem={(d) => (
            <List.Item
              main={
                <span>
                  {d.originalName}{' '}
                  <Typography.Text type="tertiary" size="small">
                    {sizeText(d.size)}
                  </Typography.Text>
                </span>
              }
              extra={
                <Space>
                  <Button size="small" icon={<IconDownload />} onClick={() => void download(d.fileName)}>
                    {t('download')}
                  </Button>
                  {canEdit && (
                    <Button
                      size="small"
                      type="danger"
                      onClick={() => removeDocument(d.fileName, d.originalName, p)}
                    >
                      {t('delete')}
                    </Button>
                  )}
                </Space>
              }
            />
          )}
        />
      </Card>
      {form && (
        <Modal
          visible
          title={t('editProfile')}
          width={680}
          okText={t('save')}
          cancelText={t('cancel')}
          confirmLoading={updateNode.isPending}
          onOk={() => void saveProfile()}
          onCancel={() => setForm(null)}
          maskClosable={false}
        >
          <FormFields
            idPrefix="eem-profile"
            fields={fields}
            values={form}
            mode="edit"
            errors={errors}
            onChange={(field, value) => {
              const next = { ...form, [field]: value };
              setForm(next);
              if (tried) setErrors(validateProfile(projectId, next));
            }}
          />
        </Modal>
      )}
      <EnergyIntensity projectId={projectId} />
    </div>
  );
}
