import { Heading, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** A titled table of the user detail; says so when there is nothing to list. */
export function DetailTable<Row>({
  title,
  rows,
  columns,
  rowKey,
  testId,
}: {
  title: string;
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey: (row: Row, index: number) => string;
  testId: string;
}) {
  return (
    <Stack gap="3" as="section" data-testid={testId}>
      <Heading as="h2" textStyle="lg" fontWeight="bold">
        {title}{" "}
        <Text as="span" color="fg.muted" fontWeight="normal">
          ({rows.length})
        </Text>
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">None.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="xl" bg="bg.panel">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.header} whiteSpace="nowrap">
                    {column.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, index) => (
                <Table.Row key={rowKey(row, index)}>
                  {columns.map((column) => (
                    <Table.Cell key={column.header}>{column.cell(row)}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** The one row of an empty table: what is missing, across all its columns. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={columns} color="fg.muted">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}
