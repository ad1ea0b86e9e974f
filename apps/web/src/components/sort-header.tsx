import { Button } from 'react-aria-components';

export interface TSortState<TSort extends string> {
  sort: TSort;
  direction: 'asc' | 'desc';
}

/**
 * A column header that sorts its table: a button that flips the direction, and `aria-sort` so
 * screen readers announce the order.
 */
export function SortHeader<TSort extends string>({
  column,
  label,
  sort,
  onSort,
}: {
  column: TSort;
  label: string;
  sort: TSortState<TSort>;
  onSort: (sort: TSortState<TSort>) => void;
}) {
  const active = sort.sort === column;
  return (
    <th scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button
        className="sort-button"
        onPress={() => onSort({ sort: column, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </Button>
    </th>
  );
}
