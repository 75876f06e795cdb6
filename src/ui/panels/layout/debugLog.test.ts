// The debug log's layout as data, over the lesson-sized trace of layoutsFixture.ts: messages as of the cursor,
// filters, break-on-message, and message text from templates.

import { describe, expect, it } from 'vitest';
import { findBreak, layoutDebugLog, SEVERITIES } from './debugLog';
import { messageText } from './messageText';
import { END, ix } from './layoutsFixture';

describe('debug log', () => {
  const all = { severities: new Set(SEVERITIES), id: null, lang: 'en' as const };
  it('lists messages as of the cursor with the call that raised them', () => {
    const log = layoutDebugLog(ix, END, all);
    expect(log.rows.map((r) => [r.severity, r.id, r.api])).toEqual([
      ['ERROR', 'INVALID_SUBRESOURCE_STATE', 'ID3D12CommandQueue::ExecuteCommandLists'],
      ['WARNING', 'RESOURCE_BARRIER_ZERO_BARRIERS', 'ID3D12GraphicsCommandList::ResourceBarrier'],
    ]);
    expect(layoutDebugLog(ix, ix.messages[0].i - 1, all).rows).toHaveLength(0);
  });
  it('filters by severity and by ID', () => {
    expect(layoutDebugLog(ix, END, { ...all, severities: new Set(['WARNING']) }).rows.map((r) => r.id)).toEqual([
      'RESOURCE_BARRIER_ZERO_BARRIERS',
    ]);
    expect(layoutDebugLog(ix, END, { ...all, id: 'INVALID_SUBRESOURCE_STATE' }).rows).toHaveLength(1);
  });
  it('breaks on the first message at or after the cursor of at least the chosen severity', () => {
    const err = ix.messages[0].i;
    const warn = ix.messages[1].i;
    expect(findBreak(ix, 0, 'ERROR')).toBe(err);
    expect(findBreak(ix, err, 'ERROR')).toBe(err);
    expect(findBreak(ix, err + 1, 'ERROR')).toBeNull();
    expect(findBreak(ix, err + 1, 'WARNING')).toBe(warn);
  });
  it('renders text from a template with placeholders, falling back to the ID', () => {
    const msg = {
      id: 'INVALID_SUBRESOURCE_STATE' as const,
      args: { res: 6, actual: 'COPY_DEST', resource: 6, state: 'COPY_DEST' },
    };
    expect(messageText(msg, 'en', { INVALID_SUBRESOURCE_STATE: 'Resource {res} is in {actual}' })).toBe(
      'Resource 6 is in COPY_DEST',
    );
    expect(messageText(msg, 'en', {})).toContain('INVALID_SUBRESOURCE_STATE');
    expect(messageText(msg, 'en')).toMatch(/resource #6 .* COPY_DEST/);
  });
});
