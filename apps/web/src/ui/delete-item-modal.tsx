import { ConfirmDeleteModal } from './confirm-delete-modal';
import { showApiError } from './server-errors';

type TDeleteMutation = {
  mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

type TDeleteItemModalProps<T extends { id: number }> = {
  /** The item to delete; null keeps the dialog closed. */
  item: T | null;
  title: string;
  message: string;
  remove: TDeleteMutation;
  /** Called once the server deleted it (e.g. a "removed" notice). */
  onDeleted: () => void;
  onClose: () => void;
  onError?: (error: unknown) => void;
};

/** "Delete X?": confirms, runs the delete mutation, closes on success, shows the server's refusal otherwise. */
export const DeleteItemModal = <T extends { id: number }>({
  item,
  title,
  message,
  remove,
  onDeleted,
  onClose,
  onError = (error) => showApiError(error),
}: TDeleteItemModalProps<T>) => (
  <ConfirmDeleteModal
    opened={item !== null}
    title={title}
    message={message}
    loading={remove.isPending}
    onClose={onClose}
    onConfirm={() =>
      item &&
      remove.mutate(item.id, {
        onSuccess: () => {
          onDeleted();
          onClose();
        },
        onError,
      })
    }
  />
);
