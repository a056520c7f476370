import { createBrowserRouter } from 'react-router';
import { setAppNavigate } from './navigation';
import { appRoutes } from './routes';

export const router = createBrowserRouter(appRoutes, { basename: '/' });

setAppNavigate((to, options) => void router.navigate(to, options));
