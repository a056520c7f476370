import { useQuery } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export type TQueue = {
  id: number;
  queue: string;
  color: string;
  isActive: boolean;
  /** The monitor alerts when a ticket waits in the queue longer than this (null: no alert). */
  waitAlertMinutes: number | null;
};

export const queueKeys = { all: ['queues'] as const };

const fetchQueues = async (): Promise<TQueue[]> => (await http.get<TQueue[]>('/queue/')).data;

export const useQueues = (enabled = true) =>
  useQuery({ queryKey: queueKeys.all, queryFn: fetchQueues, enabled, staleTime: 60_000 });
