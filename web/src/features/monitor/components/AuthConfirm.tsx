/**
 * AuthConfirm (screens.md §1): before a sensitive action the user enters their password again;
 * session.operationAuthCheck proves it and the named permissions (and/or). Only a pass calls
 * `onPass`; a refusal stays in the dialog with its reason. The password is sent pre-hashed and
 * forgotten when the dialog closes. (Kept here until a second screen needs it; then it moves
 * to blocks/.)
 */
import { Input, Modal, Typography } from '@douyinfe/semi-ui-19';
import { prehashPassword } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMutations } from '../../../app/client';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { monitorTexts } from '../texts';

export interface AuthConfirmProps {
  visible: boolean;
  /** Permission keys the action needs. */
  permissions: readonly string[];
  mode?: 'and' | 'or';
  onPass: () => void;
  onCancel: () => void;
}

export function AuthConfirm({ visible, permissions, mode = 'and', onPass, onCancel }: AuthConfirmProps) {
  const t = useTexts(monitorTexts);
  const mutations = useMutations();
  const check = useMutation(mutations.session.operationAuthCheck({ invalidates: [] }));
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!visible) {
      setPassword('');
      setProblem(null);
    }
  }, [visible]);

  const submit = async () => {
    if (!password) {
      setProblem(t('passwordRequired'));
      return;
    }
    try {
      const answer = await check.mutateAsync({
        body: { permissions: [...permissions], mode, password: prehashPassword(password) },
      });
      if (answer.pass) {
        setPassword('');
        onPass();
        return;
      }
      const missing = mode === 'and' ? answer.missing : [];
      setProblem(missing.length > 0 ? t('authMissing', { names: missing.join(', ') }) : t('authRefused'));
    } catch (error) {
      setProblem(errorMessage(error, t('authRefused')));
    }
  };

  return (
    <Modal
      title={t('authTitle')}
      visible={visible}
      onOk={() => void submit()}
      onCancel={onCancel}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={check.isPending}
      maskClosable={false}
      className="eem-auth-confirm"
    >
      <Typography.Text type="tertiary">{t('authHint')}</Typography.Text>
      <Input
        mode="password"
        aria-label={t('password')}
        placeholder={t('password')}
        value={password}
        autoFocus
        style={{ marginTop: 12 }}
        validateStatus={problem ? 'error' : 'default'}
        onChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
        onEnterPress={() => void submit()}
      />
      {problem ? (
        <Typography.Text type="danger" size="small" role="alert" style={{ display: 'block', marginTop: 6 }}>
          {problem}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
