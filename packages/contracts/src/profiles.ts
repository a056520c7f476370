import { z } from 'zod';

export const profiles = ['superadmin', 'admin', 'super', 'supervisor', 'user'] as const;
export const ZProfile = z.enum(profiles);
export type TProfile = z.infer<typeof ZProfile>;
/** Profiles a tenant admin may give; superadmin is platform-only. */
export const ZTenantProfile = z.enum(['admin', 'super', 'supervisor', 'user']);

/** Who manages a tenant's users and settings. */
export const isTenantManager = (profile: TProfile): boolean => profile === 'admin' || profile === 'superadmin';
/** Admin rights as the spec's "admin flag": admin or super may use showAll. */
export const canShowAll = (profile: TProfile): boolean =>
  profile === 'admin' || profile === 'super' || profile === 'superadmin';

/** Menu keys that a tenant or user may hide (menuVisibility / menuPermissions). */
export const menuKeys = [
  'contatos',
  'painel-atendimentos',
  'filas',
  'grupo',
  'massa',
  'notas',
  'kanban',
  'funil',
  'equipes',
  'sessoes',
  'tarefas',
  'campanhas',
  'chat-flow',
  'etiquetas',
  'avaliacoes',
  'fechamento',
  'protocolos',
  'relatorios',
  'agendamentos',
  'aniversarios',
  'chat-privado',
  'mensagens-rapidas',
  'horario-atendimento',
  'api-service',
  'auto-resposta',
  'configuracoes',
  'usuarios',
] as const;
export const ZMenuKey = z.enum(menuKeys);
export type TMenuKey = z.infer<typeof ZMenuKey>;
export const ZMenuVisibility = z.partialRecord(ZMenuKey, z.boolean());
export type TMenuVisibility = z.infer<typeof ZMenuVisibility>;

/** Combine tenant-level and user-level menu maps: a key hidden by either is hidden. */
export const mergeMenuVisibility = (...maps: (TMenuVisibility | null | undefined)[]): TMenuVisibility => {
  const merged: TMenuVisibility = {};
  for (const map of maps) {
    if (!map) continue;
    for (const key of menuKeys) {
      const value = map[key];
      if (value === undefined) continue;
      merged[key] = (merged[key] ?? true) && value;
    }
  }
  return merged;
};
