/**
 * Change password (platform-core §5): old password required and at most 32; new password
 * required, strong, 8 to 18; confirmation required and equal; inspection password for users
 * whose role needs one; 'Modify failed!' when the server refuses.
 */
import { Button, Form, Toast } from '@douyinfe/semi-ui-19';
import type { ChangePasswordInput } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../app/client';
import { useSession } from '../app/session';
import {
  checkConfirmation,
  checkInspectionPassword,
  checkNewPassword,
  checkOldPassword,
  type PasswordChangeValues,
} from '../features/session/password-rules';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const client = useClient();
  const { user } = useSession();
  const t = useTexts(shellTexts);
  const change = useMutation({ mutationFn: (input: ChangePasswordInput) => client.changePassword(input) });
  if (!user) return null;
  const needsInspection = user.needsInspectionPassword;
  const message = (issue: string | null) => (issue ? t(issue as Parameters<typeof t>[0]) : '');

  const submit = async (values: PasswordChangeValues) => {
    try {
      await change.mutateAsync({
        id: user.id,
        name: user.name,
        oldPlain: values.oldPassword ?? '',
        newPlain: values.newPassword ?? '',
        ...(needsInspection ? { inspectionPassword: values.inspectionPassword ?? '' } : {}),
      });
      Toast.success(t('modifySucceeded'));
      onDone();
    } catch {
      Toast.error(t('modifyFailed'));
    }
  };

  return (
    <Form<PasswordChangeValues>
      onSubmit={submit}
      labelPosition="left"
      labelWidth={140}
      data-testid="change-password-form"
    >
      <Form.Input
        field="oldPassword"
        label={t('oldPassword')}
        mode="password"
        autoComplete="current-password"
        validate={(v: string | undefined) => message(checkOldPassword(v))}
      />
      <Form.Input
        field="newPassword"
        label={t('newPassword')}
        mode="password"
        autoComplete="new-password"
        validate={(v: string | undefined, values: PasswordChangeValues) =>
          message(checkNewPassword(v, values.oldPassword))
        }
      />
      <Form.Input
        field="confirmPassword"
        label={t('confirmPassword')}
        mode="password"
        autoComplete="new-password"
        validate={(v: string | undefined, values: PasswordChangeValues) =>
          message(checkConfirmation(v, values.newPassword))
        }
      />
      {needsInspection ? (
        <Form.Input
          field="inspectionPassword"
          label={t('inspectionPassword')}
          mode="password"
          validate={(v: string | undefined) => message(checkInspectionPassword(v, true))}
        />
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12, marginBottom: 20 }}>
        <Button onClick={onDone}>{t('cancel')}</Button>
        <Button
          htmlType="submit"
          theme="solid"
          loading={change.isPending}
          data-testid="change-password-submit"
        >
          {t('save')}
        </Button>
      </div>
    </Form>
  );
}
