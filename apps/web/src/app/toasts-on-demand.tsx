import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toasts' container (and its transitions) is fetched with the first toast: the login screen loads less.
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/** Mounts the toasts' container when the first toast is raised, and keeps it from then on. */
export const ToastsOnDemand = () => {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
};
