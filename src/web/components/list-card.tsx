import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { ListState, type ListStateProps } from './list-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

interface ListCardProps<T> extends Pick<ListStateProps, 'errorText' | 'emptyContent' | 'rows' | 'rowClassName'> {
  title: string;
  /** An icon before the title. */
  icon?: ReactNode;
  description?: ReactNode;
  /** The read whose items the card lists. */
  read: { data: T[] | undefined; isPending: boolean; isError: boolean };
  children: (items: T[]) => ReactNode;
}

/** A titled card listing one read's items, with the list states of `ListState` (upload history, templates, ...). */
export function ListCard<T>({ title, icon, description, read, errorText, emptyContent, rows, rowClassName, children }: ListCardProps<T>) {
  return (
    <Card>
      <CardHeader className={cn(icon && 'flex-row items-center gap-2')}>
        {icon}
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ListState
          loading={read.isPending}
          failed={read.isError}
          errorText={errorText}
          empty={read.data?.length === 0}
          emptyContent={emptyContent}
          rows={rows}
          rowClassName={rowClassName}
          inset=""
        >
          {() => children(read.data ?? [])}
        </ListState>
      </CardContent>
    </Card>
  );
}
