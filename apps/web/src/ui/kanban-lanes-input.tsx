import { TagsInput } from '@mantine/core';
import { useEffect, useState } from 'react';

type TKanbanLanesInputProps = {
  label: string;
  placeholder: string;
  value: string[];
  onChange: (value: string[]) => void;
  w?: number;
  'data-testid'?: string;
};

const lanesOf = (items: string[]) => [
  ...new Set(items.map((item) => item.trim()).filter((item) => /^\d{1,9}$/.test(item))),
];

/**
 * Kanban lanes as numbers typed by the user: a contact's tickets carry their lane's number, and there is no
 * list of lanes with names to pick from until the kanban module exists. Only whole numbers are kept, each once.
 * The field holds what was typed at once: a parent that keeps the value in the URL answers a moment later, and
 * a number typed in that moment must not replace the one before it.
 */
export const KanbanLanesInput = ({ label, placeholder, value, onChange, w, ...rest }: TKanbanLanesInputProps) => {
  const [lanes, setLanes] = useState(value);
  // Taken again only when the parent's lanes change in content (a new array of the same lanes is no change).
  const given = value.join(',');
  useEffect(() => setLanes(given ? given.split(',') : []), [given]);
  return (
    <TagsInput
      label={label}
      placeholder={lanes.length === 0 ? placeholder : undefined}
      value={lanes}
      onChange={(next) => {
        const kept = lanesOf(next);
        setLanes(kept);
        onChange(kept);
      }}
      clearable
      w={w}
      data-testid={rest['data-testid']}
    />
  );
};
