/**
 * How each column of the file is read: guessed from its header and its cells, changed by the
 * person. A column can be ignored; several can hold profile addresses (one per network).
 */

import { ROLE_LABELS } from '@/lib/list-columns';
import { LIST_COLUMN_ROLES, type ListColumnRole } from '@/lib/protocol';

export interface MappingTableProps {
  columns: readonly string[];
  rows: readonly string[][];
  roles: readonly ListColumnRole[];
  onChange: (roles: ListColumnRole[]) => void;
}

/** A column's first non-empty cells, to recognise it by. */
function examples(rows: readonly string[][], column: number): string {
  const found: string[] = [];
  for (const row of rows) {
    const cell = row[column]?.trim();
    if (cell) found.push(cell);
    if (found.length === 2) break;
  }
  return found.join(' · ');
}

export function MappingTable({ columns, rows, roles, onChange }: MappingTableProps) {
  return (
    <table class="mapping">
      <caption class="visually-hidden">How each column is read</caption>
      <thead>
        <tr>
          <th scope="col">Column</th>
          <th scope="col">Holds</th>
          <th scope="col">For example</th>
        </tr>
      </thead>
      <tbody>
        {columns.map((column, index) => (
          <tr key={`${index}:${column}`}>
            <th scope="row">{column}</th>
            <td>
              <select
                aria-label={`What “${column}” holds`}
                value={roles[index]}
                onChange={(event) => {
                  const next = [...roles];
                  next[index] = (event.currentTarget as HTMLSelectElement).value as ListColumnRole;
                  onChange(next);
                }}
              >
                {LIST_COLUMN_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            </td>
            <td class="muted example">{examples(rows, index)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
