import type { TFunction } from 'i18next';
import type { TTicketLog } from '../api/tickets-api';

type THolder = { user?: string | null; queue?: string | null };

const asHolder = (value: unknown): THolder | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as THolder) : null;

const holderText = (holder: THolder, t: TFunction): string =>
  t('conversation.logs.holder', {
    user: holder.user || t('conversation.logs.noAgent'),
    queue: holder.queue || t('conversation.logs.noQueue'),
  });

/**
 * The line under a history entry: a transfer says from whom and which queue to whom and which queue, a close
 * its reason. Entries written before these details were kept show nothing more.
 */
export const describeLog = (log: Pick<TTicketLog, 'type' | 'data'>, t: TFunction): string | null => {
  switch (log.type) {
    case 'transfered':
    case 'receivedTransfer': {
      const from = asHolder(log.data.from);
      const to = asHolder(log.data.to);
      if (!from || !to) return null;
      return t('conversation.logs.transfer', { from: holderText(from, t), to: holderText(to, t) });
    }
    case 'closed':
      return typeof log.data.reason === 'string' && log.data.reason
        ? t('conversation.logs.reason', { reason: log.data.reason })
        : null;
    default:
      return null;
  }
};
