import type { ReactNode } from 'react';
import { usePack, type Pack } from '../api/policy';
import { ErrorNotice, Loading } from './status';

/** Renders its children once the tournament's policy pack is loaded; a failure can be retried. */
export function PackGate({ children }: { children: (pack: Pack) => ReactNode }) {
  const { pack, error, reload } = usePack();
  if (pack) return <>{children(pack)}</>;
  if (error) return <ErrorNotice error={error} onRetry={reload} />;
  return <Loading />;
}
