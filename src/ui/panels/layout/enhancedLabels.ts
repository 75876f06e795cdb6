// Enhanced barriers on the state-history panel ([EB-TRACE-1]): texture segments an enhanced barrier started read as
// their layout, buffers as their access; the tooltip gives the layouts and the sync and access scopes.
import { accessShort, layoutShort, syncShort, type EnhancedStateInfo } from '../../../core';
import { stateShort } from './format';

/** [EB-TRACE-1] A segment an enhanced barrier started is labelled by its layout (buffers: their access). */
export function enhLabel(e: EnhancedStateInfo, state: number): string {
  if (e.layoutAfter >= 0) return `layout ${layoutShort(e.layoutAfter)}`;
  return e.accessAfter ? `access ${accessShort(e.accessAfter)}` : stateShort(state);
}

/** The layouts and the sync and access scopes of an enhanced barrier, as the panel's tooltip reads them. */
export function enhTitle(e: EnhancedStateInfo): string {
  const layout = e.layoutAfter >= 0 ? `layout ${layoutShort(e.layoutBefore)} → ${layoutShort(e.layoutAfter)}, ` : '';
  return `${layout}sync ${syncShort(e.syncBefore)} → ${syncShort(e.syncAfter)}, access ${accessShort(e.accessBefore)} → ${accessShort(e.accessAfter)}`;
}
