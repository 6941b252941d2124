import type { ReactNode } from 'react';

interface AdminTableProps {
  /** The column headings, left to right. */
  columns: readonly ReactNode[];
  /** Classes besides `admin-table`, for a table's own column widths. */
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** The admin's list table: scrolls sideways inside its panel on a narrow screen. */
export function AdminTable({ columns, className, children }: AdminTableProps) {
  return (
    <div className="table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
