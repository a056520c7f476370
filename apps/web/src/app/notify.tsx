import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Toasts (spec 9): bottom of the screen, 5000 ms; errors in the tenant's negative colour. */
export const notifySuccess = (message: ReactNode, options: Pick<TNotifyOptions, 'id'> = {}): void => {
  notifications.show({ ...options, message, color: 'positive', icon: <IconCheck size={18} /> });
};

type TNotifyOptions = { id?: string; title?: string; autoClose?: false };

export const notifyError = (message: ReactNode, options: TNotifyOptions = {}): void => {
  notifications.show({ ...options, message, color: 'negative', icon: <IconX size={18} /> });
};

export const notifyWarning = (message: string, options: TNotifyOptions = {}): void => {
  notifications.show({ ...options, message, color: 'warning', icon: <IconAlertTriangle size={18} /> });
};

/** The "top warning" the HTTP layer raises for server failures (spec 8). */
export const notifyTopWarning = (message: string, id?: string): void => {
  notifications.show({
    id,
    message,
    color: 'warning',
    position: 'top-center',
    icon: <IconAlertTriangle size={18} />,
  });
};
