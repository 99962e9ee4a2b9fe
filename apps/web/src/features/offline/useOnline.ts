import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/** Whether the browser has a network, as TanStack Query sees it (it pauses its calls without one). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => onlineManager.isOnline(),
  );
}
