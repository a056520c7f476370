import { Notifications } from '@mantine/notifications';

/** Where toasts appear; loaded after the first screen (app.tsx), toasts raised before wait in the store. */
export const Toasts = () => <Notifications position="bottom-center" autoClose={5000} zIndex={5000} limit={5} />;
