import { ActionIcon, type ActionIconProps, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type TCopyIconButtonProps = {
  value: string;
  /** What the button copies (tooltip and accessible name). */
  label: string;
  /** The tooltip once copied. */
  copiedLabel: string;
} & Pick<ActionIconProps, 'variant' | 'size' | 'color'>;

/** A button that copies `value` to the clipboard, saying so (and showing a tick) once copied. */
export const CopyIconButton = ({
  value,
  label,
  copiedLabel,
  variant = 'subtle',
  size,
  color,
}: TCopyIconButtonProps) => (
  <CopyButton value={value}>
    {({ copied, copy }) => (
      <Tooltip label={copied ? copiedLabel : label} withArrow>
        <ActionIcon variant={variant} size={size} color={color} aria-label={label} onClick={copy}>
          {copied ? <IconCheck size={size === 'sm' ? 14 : 16} /> : <IconCopy size={size === 'sm' ? 14 : 16} />}
        </ActionIcon>
      </Tooltip>
    )}
  </CopyButton>
);
