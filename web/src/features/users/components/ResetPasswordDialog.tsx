/**
 * A root user resets another user's password: the root's own password proves it is them,
 * the new password follows the strong-password rule and is typed twice; a confirmation
 * prompt comes before the call (platform-core §6).
 */
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { rootResetBody } from '@eem/contract';
import { MESSAGES, prehashPassword } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useMutations } from '../../../app/client';
import { useSession } from '../../../app/session';
import { type FormFieldDef, FormFields } from '../../../blocks/FormFields';
import { type FieldErrors, mergeErrors, validateWith } from '../../../blocks/form-issues';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';

interface ResetForm {
  [field: string]: unknown;
  rootPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: ResetForm = { rootPassword: '', newPassword: '', confirmPassword: '' };

export function validateReset(form: ResetForm, rootName: string, userName: string): FieldErrors {
  const body = {
    rootName,
    rootPassword: form.rootPassword ? prehashPassword(form.rootPassword) : '',
    userName,
    newPassword: form.newPassword,
  };
  const confirm: FieldErrors =
    form.confirmPassword !== form.newPassword ? { confirmPassword: MESSAGES.passwordsDoNotMatch } : {};
  return mergeErrors(validateWith(rootResetBody, body), confirm);
}

export function ResetPasswordDialog({ userName, onClose }: { userName: string; onClose: () => void }) {
  const t = useTexts(userTexts);
  // A reset changes no data the console shows (the user's sessions end on the server).
  const reset = useMutation(useMutations().users.resetPassword({ invalidates: [] }));
  const { user } = useSession();
  const [form, setForm] = useState<ResetForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const rootName = user?.name ?? '';

  const fields: FormFieldDef<ResetForm>[] = [
    { field: 'rootPassword', label: t('rootPassword'), type: 'password', required: true },
    { field: 'newPassword', label: t('newPassword'), type: 'password', required: true },
    { field: 'confirmPassword', label: t('confirmPassword'), type: 'password', required: true },
  ];

  const set = (field: string, value: unknown) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (tried) setErrors(validateReset(next, rootName, userName));
  };

  const submit = () => {
    const found = validateReset(form, rootName, userName);
    setTried(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    Modal.confirm({
      title: t('resetPassword'),
      content: t('resetConfirm', { name: userName }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        try {
          await reset.mutateAsync({
            body: {
              rootName,
              rootPassword: prehashPassword(form.rootPassword),
              userName,
              newPassword: form.newPassword,
            },
          });
          Toast.success(t('resetDone'));
          onClose();
        } catch (error) {
          Toast.error(errorMessage(error, t('resetPassword')));
        }
      },
    });
  };

  return (
    <Modal
      visible
      title={t('resetPasswordOf', { name: userName })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={reset.isPending}
      onOk={submit}
      onCancel={onClose}
      maskClosable={false}
    >
      <FormFields
        fields={fields}
        values={form}
        mode="edit"
        errors={errors}
        onChange={set}
        idPrefix="eem-reset"
      />
    </Modal>
  );
}
