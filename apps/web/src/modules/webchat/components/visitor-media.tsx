import type { TVisitorMessage } from '../routes/webchat-history';

/** A file an agent sent: the picture itself, a player for audio, a link for the rest. */
export const VisitorMedia = ({ message }: { message: TVisitorMessage }) => {
  if (message.isDeleted || !message.mediaUrl) return null;
  if (message.mediaType === 'image')
    return (
      <a href={message.mediaUrl} target="_blank" rel="noopener noreferrer">
        <img
          src={message.mediaUrl}
          alt={message.mediaName ?? ''}
          style={{ maxWidth: 240, borderRadius: 6, display: 'block' }}
          data-testid="webchat-image"
        />
      </a>
    );
  if (message.mediaType === 'audio' || message.mediaType === 'ptt')
    return (
      <audio controls src={message.mediaUrl} preload="none" style={{ maxWidth: 240 }}>
        <track kind="captions" />
      </audio>
    );
  return (
    <a href={message.mediaUrl} target="_blank" rel="noopener noreferrer" data-testid="webchat-file">
      {message.mediaName ?? message.mediaUrl}
    </a>
  );
};
