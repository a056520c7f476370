import type { TStorage } from '../../platform/storage.js';
import { ChannelSendError } from '../types.js';

/**
 * The file an agent attached (`/media/<key>`), read whole from our storage with what was kept beside it: our
 * files are not public, so providers get their bytes. A file gone from storage fails the send for good.
 */
export const readOutboundFile = async (storage: TStorage, mediaUrl: string) => {
  const file = await storage.open(mediaUrl.slice('/media/'.length));
  if (!file) throw new ChannelSendError('ERR_WAPP_DOWNLOAD_MEDIA', false);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), meta: file.meta };
};
