import { create } from 'zustand';
import { createLoadingController, type TLoadingView } from './loading-controller';

export const useLoadingStore = create<TLoadingView>(() => ({ visible: false, message: null }));

/** The app-wide overlay ('Estamos trabalhando...' by default). */
export const loading = createLoadingController((view) => useLoadingStore.setState(view));
