/**
 * The expired-password dialog (login answered -1305): account (prefilled), old password,
 * new password and confirmation, all required; the strong rule; confirmation equal. After
 * a successful change the login page signs in again with the new password. Plain inputs
 * (no Semi Form) keep the login chunk small.
 */
import { Input, Modal, Toast } from '@douyinfe/semi-ui-19';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useClient } from '../../app/client';
import { errorMessage } from '../../app/query-client';
import { useTexts } from '../../i18n/texts';
import { checkConfirmation, checkNewPassword, checkOldPassword } from './password-rules';
import { sessionTexts } from './texts';

type Field = 'account' | 'oldPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

export function ExpiredPasswordDialog({
  account,
  onCancel,
  onChanged,
}: {
  account: string;
  onCancel: () => void;
  onChanged: (account: string, newPassword: string) => void;
}) {
  const client = useClient();
  const t = useTexts(sessionTexts);
  const change = useMutation({
    mutationFn: ({ name, oldPlain, newPlain }: { name: string; oldPlain: string; newPlain: string }) =>
      client.changeExpiredPassword(name, oldPlain, newPlain),
  });
  const busy = change.isPending;
  const [values, setValues] = useState<Values>({
    account,
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});

  const issues: Partial<Record<Field, string>> = {};
  if (!values.account.trim()) issues.account = t('accountRequired');
  const old = checkOldPassword(values.oldPassword);
  if (old) issues.oldPassword = t(old as 'oldPasswordRequired' | 'oldTooLong');
  const next = checkNewPassword(values.newPassword, values.oldPassword);
  if (next) issues.newPassword = t(next as 'newPasswordRequired' | 'strongPassword' | 'passwordReused');
  const confirm = checkConfirmation(values.confirmPassword, values.newPassword);
  if (confirm) issues.confirmPassword = t(confirm as 'confirmRequired' | 'passwordsDoNotMatch');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched({ account: true, oldPassword: true, newPassword: true, confirmPassword: true });
    if (Object.keys(issues).length > 0) return;
    const name = values.account.trim();
    try {
      await change.mutateAsync({ name, oldPlain: values.oldPassword, newPlain: values.newPassword });
      Toast.success(t('modifySucceeded'));
      onChanged(name, values.newPassword);
    } catch (error) {
      Toast.error(`${t('modifyFailed')} ${errorMessage(error)}`);
    }
  };

  const field = (name: Field, label: string, password: boolean) => {
    const error = touched[name] ? issues[name] : undefined;
    return (
      <div className="eem-expired-field">
        <label htmlFor={`expired-${name}`}>{label}</label>
        <Input
          id={`expired-${name}`}
          name={name}
          mode={password ? 'password' : undefined}
          autoComplete={
            password ? (name === 'oldPassword' ? 'current-password' : 'new-password') : 'username'
          }
          value={values[name]}
          validateStatus={error ? 'error' : 'default'}
          onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
          onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
        />
        <div className="eem-login-field-error" role="alert">
          {error ?? ''}
        </div>
      </div>
    );
  };

  return (
    <Modal
      visible
      title={t('expiredTitle')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      maskClosable={false}
      className="eem-expired-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        {field('account', t('account'), false)}
        {field('oldPassword', t('oldPassword'), true)}
        {field('newPassword', t('newPassword'), true)}
        {field('confirmPassword', t('confirmPassword'), true)}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
