import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** the question, e.g. messages.deleteConfirm */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** red confirm button for irreversible actions */
  destructive?: boolean;
  /** disables the buttons while the confirmed action runs */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** extra content under the message, e.g. a "don't ask again" checkbox */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Yes",
  cancelLabel = "Cancel",
  destructive = false,
  pending = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !pending) onCancel();
      }}
      role="alertdialog"
      placement="center"
      size={{ base: "xs", sm: "md" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="2xl" data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{message}</Text>
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={pending}>
                {cancelLabel}
              </Button>
              <Button colorPalette={destructive ? "red" : "brand"} onClick={onConfirm} loading={pending}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={pending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Asks before a playlist is deleted from Spotify (`name` null: closed); `children` as for ConfirmDialog. */
export function DeletePlaylistDialog({
  name,
  ...props
}: { name: string | null } & Pick<ConfirmDialogProps, "pending" | "onConfirm" | "onCancel" | "children">) {
  return (
    <ConfirmDialog
      open={name !== null}
      title="Delete playlist"
      message={`${name ?? ""} will be deleted from your Spotify library and no longer kept up to date.`}
      confirmLabel="Delete"
      destructive
      {...props}
    />
  );
}
