import { isAxiosError } from 'axios';
import { http } from './client';

/**
 * A small list (tags, quick messages, closing reasons) from the server. Servers of this family answer with
 * the array or wrap it (`{ fastReplies: [...] }`); one without the endpoint (404) reads as an empty list,
 * so the screen still works without those options.
 */
export const fetchOptionalList = async <T>(path: string): Promise<T[]> => {
  try {
    const { data } = await http.get<T[] | Record<string, unknown>>(path);
    if (Array.isArray(data)) return data;
    const wrapped = Object.values(data ?? {}).find(Array.isArray);
    return (wrapped as T[] | undefined) ?? [];
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return [];
    throw error;
  }
};
