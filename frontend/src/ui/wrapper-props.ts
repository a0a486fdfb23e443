import type { ReactNode } from 'react';

/** The props of an element that wraps a part of a page: what it holds, an extra class, a test id. */
export interface WrapperProps {
  readonly children: ReactNode;
  readonly className?: string;
  readonly testId?: string;
}
