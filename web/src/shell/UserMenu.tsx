/** The user button and dialog: who is signed in, change password, log out. */
import { IconExit, IconKey, IconUser } from '@douyinfe/semi-icons';
import { Avatar, Button, Descriptions, Divider, Modal, Spin } from '@douyinfe/semi-ui-19';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../app/session';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

/** The form (and with it Semi's Form) loads when the user asks to change the password, not with every screen. */
const ChangePasswordForm = lazy(async () => ({
  default: (await import('./ChangePasswordForm')).ChangePasswordForm,
}));

export function UserMenu() {
  const session = useSession();
  const t = useTexts(shellTexts);
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const user = session.user;
  if (!user) return null;
  const display = user.nicName || user.name;
  const close = () => {
    setOpen(false);
    setChanging(false);
  };
  return (
    <>
      <Button theme="borderless" data-testid="user-menu" onClick={() => setOpen(true)} icon={<IconUser />}>
        <Avatar size="extra-small" color="light-blue" style={{ marginRight: 6 }}>
          {display.slice(0, 1).toUpperCase()}
        </Avatar>
        {display}
      </Button>
      <Modal
        visible={open}
        title={changing ? t('changePassword') : t('userCenter')}
        footer={null}
        onCancel={close}
        width={520}
        data-testid="user-dialog"
      >
        {changing ? (
          <Suspense fallback={<Spin />}>
            <ChangePasswordForm onDone={close} />
          </Suspense>
        ) : (
          <>
            <Descriptions
              data={[
                { key: t('account'), value: user.name },
                { key: t('name'), value: user.nicName },
                { key: t('role'), value: user.roles.map((r) => r.name).join(', ') },
              ]}
            />
            <Divider margin={16} />
            <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, paddingBottom: 16 }}>
              <Button icon={<IconKey />} data-testid="open-change-password" onClick={() => setChanging(true)}>
                {t('changePassword')}
              </Button>
              <Button
                icon={<IconExit />}
                type="danger"
                theme="solid"
                data-testid="logout"
                onClick={() => {
                  close();
                  void session.logout();
                }}
              >
                {t('logout')}
              </Button>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
