import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTheme } from '../app/theme/theme';
import { KanbanLanesInput } from './kanban-lanes-input';

afterEach(cleanup);

const paste = (text: string) =>
  fireEvent.paste(screen.getByTestId('lanes'), { clipboardData: { getData: () => text } });

describe('kanban lanes by number', () => {
  it('keeps whole numbers once each, and a lane typed before a slow parent answers is not lost', () => {
    const told: string[][] = [];
    // A parent that has not answered yet (the URL round trip of the report filters): its value stays empty.
    render(
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <KanbanLanesInput
          label="Colunas"
          placeholder="Número"
          value={[]}
          onChange={(lanes) => told.push(lanes)}
          data-testid="lanes"
        />
      </MantineProvider>,
    );
    paste('3, x');
    paste('12');
    expect(told).toEqual([['3'], ['3', '12']]);
  });
});
