import { TagsInput } from '@mantine/core';

type TKanbanLanesInputProps = {
  label: string;
  placeholder: string;
  value: string[];
  onChange: (value: string[]) => void;
  w?: number;
  'data-testid'?: string;
};

/**
 * Kanban lanes as numbers typed by the user: a contact's tickets carry their lane's number, and there is no
 * list of lanes with names to pick from until the kanban module exists. Only whole numbers are kept, each once.
 */
export const KanbanLanesInput = ({ label, placeholder, value, onChange, w, ...rest }: TKanbanLanesInputProps) => (
  <TagsInput
    label={label}
    placeholder={value.length === 0 ? placeholder : undefined}
    value={value}
    onChange={(next) =>
      onChange([...new Set(next.map((item) => item.trim()).filter((item) => /^\d{1,9}$/.test(item)))])
    }
    clearable
    w={w}
    data-testid={rest['data-testid']}
  />
);
