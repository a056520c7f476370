import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

type TComposerToolButtonProps = {
  /** The tooltip and the accessible name. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  variant?: ActionIconProps['variant'];
  color?: ActionIconProps['color'];
  testId: string;
};

/** One icon button of the composer's row, named by its tooltip. */
export const ComposerToolButton = ({
  label,
  icon,
  onClick,
  disabled,
  variant,
  color,
  testId,
}: TComposerToolButtonProps) => (
  <Tooltip label={label}>
    <ActionIcon
      variant={variant}
      color={color}
      size="lg"
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
      data-testid={testId}
    >
      {icon}
    </ActionIcon>
  </Tooltip>
);
