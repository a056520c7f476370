import type { TTicketStatus } from '@prosa/contracts';
import { create } from 'zustand';
import { loadAttendanceFilter, saveAttendanceFilter, type TAttendanceFilter } from './attendance-filter';

/** UI state of the attendance workspace (server data lives in the TanStack Query cache). */
export type TAttendanceState = {
  filter: TAttendanceFilter;
  /** The list tab: Abertos, Pendentes or Fechados. */
  tab: TTicketStatus;
  contactPanelOpen: boolean;
  setFilter: (change: Partial<TAttendanceFilter>) => void;
  setTab: (tab: TTicketStatus) => void;
  toggleContactPanel: (open?: boolean) => void;
};

export const useAttendanceStore = create<TAttendanceState>((set, get) => ({
  filter: loadAttendanceFilter(),
  tab: 'open',
  contactPanelOpen: false,
  setFilter: (change) => {
    const filter = { ...get().filter, ...change };
    saveAttendanceFilter(filter);
    set({ filter });
  },
  setTab: (tab) => set({ tab }),
  toggleContactPanel: (open) => set((state) => ({ contactPanelOpen: open ?? !state.contactPanelOpen })),
}));

/** Read the stored filter again (a new login stores the user's own). */
export const reloadAttendanceFilter = (): void => useAttendanceStore.setState({ filter: loadAttendanceFilter() });
