import type { TMediaInput } from '../../messages/send-message.js';
import { flowMediaKey } from '../upload-flow-media.js';
import type { TFlowRun } from './flow-run.js';

type TMediaData = { mediaUrl: string; mimeType: string; name: string; caption: string };

const mediaTypeOf = (mime: string) => {
  const kind = mime.split('/')[0];
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
};

/**
 * The stored file a media step sends: its `mediaUrl` must be a key of this tenant's storage that still holds a
 * file. A link (http/https, imported from the family) is `link`; another tenant's key or a missing file is null
 * (logged: the caption goes out alone). Every customer gets a message holding the same key: sending reads the
 * file and never removes it.
 */
export const flowMediaOf = async (run: TFlowRun, data: TMediaData): Promise<TMediaInput | 'link' | null> => {
  const url = data.mediaUrl.trim();
  if (!url || /^https?:\/\//i.test(url)) return 'link';
  const key = flowMediaKey(url, run.tenantId);
  const info = key ? await run.services.storage.stat(key) : null;
  if (!key || !info) {
    run.services.log.warn(
      { tenantId: run.tenantId, ticketId: run.row.id, mediaUrl: url, foreign: !key },
      'chat-flow media step names no file of this tenant: caption sent alone',
    );
    return null;
  }
  const mime = info.meta?.mime ?? data.mimeType;
  return {
    url: `/media/${key}`,
    name: data.name.trim() || info.meta?.name || key.slice(key.lastIndexOf('/') + 1),
    mime,
    size: info.size,
    mediaType: mediaTypeOf(mime),
  };
};
