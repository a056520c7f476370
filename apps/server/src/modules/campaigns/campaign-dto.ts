import {
  type TCampaign,
  type TCampaignContact,
  type TCampaignCounts,
  type TCampaignTimeline,
  ZCampaignKind,
} from '@prosa/contracts';
import type { TCampaignContactView, TTimelineRow } from './campaign-contacts.repository.js';
import { emptyCounts } from './campaign-contacts.repository.js';
import type { TCampaignView } from './campaigns.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toCampaignDto = (row: TCampaignView, counts: TCampaignCounts = emptyCounts()): TCampaign => ({
  id: row.id,
  name: row.name,
  // A kind written by a later version reads as a plain campaign rather than failing the whole list.
  kind: ZCampaignKind.catch('campaign').parse(row.kind),
  status: row.status,
  connection:
    row.connectionId !== null && row.connectionName !== null
      ? { id: row.connectionId, name: row.connectionName, type: row.connectionType ?? '' }
      : null,
  messages: row.messages,
  template: row.template ?? null,
  mediaUrl: row.mediaUrl,
  mediaType: row.mediaType,
  mediaName: row.mediaName,
  startAt: iso(row.startAt),
  delaySeconds: row.delaySeconds,
  windowStart: row.windowStart,
  windowEnd: row.windowEnd,
  dailyCap: row.dailyCap,
  pauseReason: row.pauseReason,
  nextSendAt: iso(row.nextSendAt),
  counts,
  createdBy:
    row.createdBy !== null && row.createdByName !== null ? { id: row.createdBy, name: row.createdByName } : null,
  createdAt: row.createdAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
});

export const toCampaignContactDto = (row: TCampaignContactView): TCampaignContact => ({
  id: row.id,
  contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
  state: row.state,
  variant: row.variant,
  body: row.body,
  variables: row.variables,
  failureReason: row.failureReason,
  messageId: row.messageId,
  ticketId: row.ticketId,
  queuedAt: iso(row.queuedAt),
  sentAt: iso(row.sentAt),
  deliveredAt: iso(row.deliveredAt),
  readAt: iso(row.readAt),
  repliedAt: iso(row.repliedAt),
});

type TPoint = TCampaignTimeline['points'][number];
const pointKinds = ['sent', 'delivered', 'read', 'failed', 'replied'] as const;

/** The hourly rows (one per hour and kind) as one point per hour, in order. */
export const toCampaignTimeline = (rows: TTimelineRow[]): TCampaignTimeline => {
  const points = new Map<string, TPoint>();
  for (const { at, kind, n } of rows) {
    const point = points.get(at) ?? { at, sent: 0, delivered: 0, read: 0, failed: 0, replied: 0 };
    const known = pointKinds.find((k) => k === kind);
    if (known) point[known] += n;
    points.set(at, point);
  }
  return { points: [...points.values()].sort((a, b) => a.at.localeCompare(b.at)) };
};
